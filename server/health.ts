import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { migrations } from './db/migrations/index.js';
import type { AppServices } from './services.js';

const CHECK_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** What stops this process from serving traffic, or an empty list when it is ready. */
export async function readinessProblems({ db, redis }: AppServices): Promise<string[]> {
  const problems: string[] = [];
  try {
    const { rows } = await withTimeout(
      sql<{ name: string }>`select name from kysely_migration`.execute(db),
      'The database',
    );
    const applied = new Set(rows.map((r) => r.name));
    const pending = Object.keys(migrations).filter((name) => !applied.has(name));
    if (pending.length) problems.push(`Migrations not applied: ${pending.join(', ')}`);
  } catch (e) {
    problems.push(`The database is not reachable: ${(e as Error).message}`);
  }
  if (redis) {
    try {
      await withTimeout(redis.ping(), 'Redis');
    } catch (e) {
      problems.push(`Redis is not reachable: ${(e as Error).message}`);
    }
  }
  return problems;
}

/**
 * Liveness (`/api/health`: the process answers) and readiness (`/api/ready`: it can serve, for a
 * load balancer). While the server shuts down, Fastify answers 503 to both on its own.
 */
export function installHealthRoutes(app: FastifyInstance, services: AppServices): void {
  const tags = ['operations'];
  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { tags, summary: 'Liveness: the process is up and answering' } },
    async () => ({ status: 'ok' }),
  );
  app.get(
    '/api/ready',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Readiness: the database is reachable, migrations are current, and Redis answers when configured',
      },
    },
    async (_request, reply) => {
      const problems = await readinessProblems(services);
      if (problems.length) return reply.status(503).send({ status: 'unavailable', problems });
      return { status: 'ready' };
    },
  );
}
