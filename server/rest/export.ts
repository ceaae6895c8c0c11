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
import { exportWords, type ExportLanguage } from './exportWords.js';
import { documentLocale, localeParameter } from './documentLocale.js';
import { parseListQuery } from './query.js';
import type { Db } from '../db/index.js';
import { staffOf } from '../auth/guard.js';
import { refusal } from '../../src/domain/messageCodes.js';

/** Today in the city, for file names. */
const cityDate = () => new Intl.DateTimeFormat('en-CA', { timeZone: CITY.timeZone }).format(new Date());

/**
 * `GET /<res>/export?format=csv&filter=…&sort=…`: streams every row the list would show for the same
 * filter and sort, without its page cap, in the requester's language (documentLocale: `?locale=`,
 * the profile's, Accept-Language): the panel's field names as headers and its enum labels as values.
 * `?codes=raw` is the machine form: English names and the stored codes. Registered before `/<res>/:id`.
 */
export function registerExport(
  app: FastifyInstance,
  engine: ResourceEngine,
  d: ResourceDeclaration,
  access: Access,
  errorSchema: object,
  db: Db,
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
            codes: {
              type: 'string',
              enum: ['raw'],
              description:
                'raw: the machine form, headers as English field names with their unit ("Fare total (KES)") and enum columns as their stored codes ("in_progress"). Without it the export is in the requester\'s language (`locale`, else the profile\'s, else Accept-Language): the panel\'s field names and enum labels ("Inaendelea"). Numbers, money and times are machine-readable in both.',
            },
            ...localeParameter,
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
      if (query.format !== undefined && query.format !== 'csv') throw badRequest(refusal('formatCsv'));
      const raw = query.codes === 'raw';
      delete query.range;
      delete query.codes;
      delete query.locale;
      const q = parseListQuery(d, query);
      const language: ExportLanguage = raw ? 'raw' : await documentLocale(request, db, staffOf(request).id);
      const words = await exportWords(d, columns, language);
      const rows =
        (await copyExport(engine, d, q, compressesStream(request.headers), language, words)) ??
        Readable.from(csvBatches(engine, d, q, columns, words), { highWaterMark: 1 });
      const body = endOnDrain(rows, app.draining, EXPORT_INTERRUPTED, reply.raw);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename=${d.name}-${cityDate()}.csv`)
        .header('Content-Language', raw ? 'en' : language)
        .send(body);
    },
  );
}
