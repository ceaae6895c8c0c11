import type { FastifyInstance } from 'fastify';

/** The trip service, mounted at /api/trip. */
export async function tripService(_app: FastifyInstance): Promise<void> {}
