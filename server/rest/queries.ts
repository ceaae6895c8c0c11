import type { FastifyInstance } from 'fastify';
import type { Access, StaffPrincipal } from '../auth/guard.js';
import { staffOf } from '../auth/guard.js';
import type { AppServices } from '../services.js';
import { errorSchema } from './engine.js';

/**
 * A read-only endpoint that groups and sums (dashboard, reports, dispatcher views):
 * `GET <prefix>/<name>`, answering `{data}`. `parse` turns the query string into parameters or
 * throws a 400; `handler` reads.
 */
export interface QueryDeclaration<P> {
  name: string;
  summary: string;
  description?: string;
  access: Access;
  /** Documentation of the query string parameters (JSON schema properties). */
  parameters: Record<string, object>;
  parse: (query: Record<string, unknown>, now: Date) => P;
  handler: (params: P, ctx: { services: AppServices; staff: StaffPrincipal }) => Promise<unknown>;
}

export const defineQuery = <P>(q: QueryDeclaration<P>): QueryDeclaration<P> => q;

/** Registers queries under `/<prefix>/<name>` of the current service. */
export function registerQueries(
  app: FastifyInstance,
  prefix: string,
  queries: QueryDeclaration<any>[], // eslint-disable-line @typescript-eslint/no-explicit-any -- each has its own parameters
): void {
  for (const q of queries) {
    app.get(
      `/${prefix}/${q.name}`,
      {
        config: { access: q.access },
        schema: {
          tags: [prefix],
          summary: q.summary,
          description: q.description,
          querystring: { type: 'object', properties: q.parameters },
          response: { 400: errorSchema, 401: errorSchema, 403: errorSchema },
        },
      },
      async (request) => {
        const params: unknown = q.parse(request.query as Record<string, unknown>, new Date());
        return { data: await q.handler(params, { services: app.services, staff: staffOf(request) }) };
      },
    );
  }
}
