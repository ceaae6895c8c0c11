import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../auth/guard.js';
import { endOnDrain, EXPORT_INTERRUPTED } from '../delivery/drain.js';
import { compressesStream, streamCompression } from '../delivery/compression.js';
import { badRequest } from '../errors.js';
import { CITY } from '../../src/domain/city.js';
import type { ResourceDeclaration } from './declaration.js';
import type { ResourceEngine } from './engine.js';
import { copyExport } from './copyExport.js';
import { csvBatches } from './csvBatches.js';
import { exportColumns } from './exportColumns.js';
import { parseListQuery } from './query.js';

/** Today in the city, for file names. */
const cityDate = () => new Intl.DateTimeFormat('en-CA', { timeZone: CITY.timeZone }).format(new Date());

/**
 * `GET /<res>/export?format=csv&filter=…&sort=…`: streams every row the list would show for the same
 * filter and sort, without its page cap. Registered before `/<res>/:id`.
 */
export function registerExport(
  app: FastifyInstance,
  engine: ResourceEngine,
  d: ResourceDeclaration,
  access: Access,
  errorSchema: object,
): void {
  const columns = exportColumns(d);
  app.get(
    `/${d.name}/export`,
    {
      config: { access },
      compress: streamCompression,
      schema: {
        tags: [d.name],
        summary: `Export ${d.name} as CSV`,
        description: `Every ${d.name} record matching \`filter\`, in \`sort\` order (as the list takes them, without paging), as a CSV attachment with a header row. Columns: ${columns.join(', ')}.`,
        querystring: {
          type: 'object',
          properties: {
            format: { type: 'string', description: 'csv (the only format; the default)' },
            sort: { type: 'string', description: 'JSON ["field","ASC"|"DESC"]' },
            filter: { type: 'string', description: 'JSON object, as for the list' },
          },
        },
        response: {
          200: { description: 'text/csv attachment', type: 'string' },
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const query = { ...(request.query as Record<string, unknown>) };
      if (query.format !== undefined && query.format !== 'csv')
        throw badRequest('Query parameter "format" must be csv');
      delete query.range;
      const q = parseListQuery(d, query);
      const rows =
        (await copyExport(engine, d, q, compressesStream(request.headers))) ??
        Readable.from(csvBatches(engine, d, q, columns), { highWaterMark: 1 });
      const body = endOnDrain(rows, app.draining, EXPORT_INTERRUPTED, reply.raw);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename=${d.name}-${cityDate()}.csv`)
        .send(body);
    },
  );
}
