import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors.js';
import type { AppServices } from '../services.js';
import type { ResourceDeclaration } from './declaration.js';
import { recordJsonSchema, writeJsonSchema } from './docs.js';
import { accessFor, ResourceEngine } from './engine.js';
import { registerActions } from './actions.js';
import { registerBulkActions } from './bulk.js';
import { registerExport } from './export.js';
import { errorSchema, idParams, parseId } from './requests.js';
import { refusal } from '../../src/domain/messageCodes.js';

const JSON_TYPE = 'application/json; charset=utf-8';

const listQuerySchema = {
  type: 'object',
  properties: {
    sort: { type: 'string', description: 'JSON ["field","ASC"|"DESC"]' },
    range: { type: 'string', description: 'JSON [start,end], at most 500 rows' },
    filter: {
      type: 'string',
      description: 'JSON object: field equality (arrays mean any of), q (search), <field>_gte / <field>_lte',
    },
    fields: {
      type: 'string',
      description:
        'Comma-separated field names: only these (and id) are answered, so a screen asks only for the columns it shows. Absent: every field. An unknown name is a 400.',
    },
    after: {
      type: 'string',
      description:
        'JSON [sortValue, id] of the last row of the page before: the page is read from there on (keyset), not by skipping range.start rows; range still names its place.',
    },
    before: {
      type: 'string',
      description: 'JSON [sortValue, id] of the first row of the page after: the page before it, as with after.',
    },
    shape: {
      type: 'string',
      description:
        'objects (default): an array of records. rows (needs fields): {fields: ["id", …], rows: [[value, …], …]}, the names once and each record as the values in that order, a page without its keys repeated.',
    },
  },
};

/** Registers the simple-rest endpoints of a declaration under the current prefix. */
export function registerResource(app: FastifyInstance, d: ResourceDeclaration, services: AppServices): ResourceEngine {
  const engine = new ResourceEngine(d, services);
  const tags = [d.name];
  const record = recordJsonSchema(d);
  const responses = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

  app.get(
    `/${d.name}`,
    {
      config: { access: accessFor(d, 'list') },
      schema: {
        tags,
        summary: `List ${d.name}`,
        description: d.description,
        querystring: listQuerySchema,
        response: { 200: { type: 'array', items: record }, ...responses },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const { rows, total, start } = await engine.list(query);
      const end = start + rows.length - 1;
      reply.header('Content-Range', rows.length ? `${d.name} ${start}-${end}/${total}` : `${d.name} */${total}`);
      if (query.shape === 'rows') {
        // The field names once, then one array of values per row: a page without its keys repeated.
        const names = [
          'id',
          ...new Set(
            String(query.fields)
              .split(',')
              .map((f) => f.trim())
              .filter((f) => f && f !== 'id'),
          ),
        ];
        const body = JSON.stringify({ fields: names, rows: rows.map((r) => names.map((f) => r[f] ?? null)) });
        return reply.type('application/json; charset=utf-8').send(body);
      }
      return rows;
    },
  );

  registerExport(app, engine, d, accessFor(d, 'list'), errorSchema, services.db);
  app.get(
    `/${d.name}/:id`,
    {
      config: { access: accessFor(d, 'read') },
      schema: { tags, summary: `Read one of ${d.name}`, params: idParams, response: { 200: record, ...responses } },
    },
    async (request, reply) => {
      const id = parseId((request.params as { id: string }).id);
      const cache = d.cacheReads ? services.readCaches.of(d.name) : undefined;
      const hit = cache?.get(id);
      if (hit !== undefined) return reply.type(JSON_TYPE).send(hit);
      const started = cache?.begin();
      const row = await engine.findRow(id);
      if (!row) throw notFound(refusal('noSuch', { label: 'record' }));
      if (!cache) return engine.present(row);
      // Serialized by the route's own response schema, exactly as an uncached answer would be.
      const body = reply.serialize(engine.present(row)) as string;
      cache.store(id, body, started);
      return reply.type(JSON_TYPE).send(body);
    },
  );

  if (d.create) {
    app.post(
      `/${d.name}`,
      {
        config: { access: accessFor(d, 'create'), bodyDocs: writeJsonSchema(d.create) },
        schema: { tags, summary: `Create one of ${d.name}`, response: { 201: record, ...responses } },
      },
      async (request, reply) => reply.status(201).send(await engine.create(request)),
    );
  }
  registerActions(app, engine, d);
  registerBulkActions(app, engine, d);
  if (d.update) {
    app.put(
      `/${d.name}/:id`,
      {
        config: { access: accessFor(d, 'update'), bodyDocs: writeJsonSchema(d.update) },
        schema: { tags, summary: `Update one of ${d.name}`, params: idParams, response: { 200: record, ...responses } },
      },
      async (request) => engine.update(request, parseId((request.params as { id: string }).id)),
    );
  }
  if (d.delete) {
    app.delete(
      `/${d.name}/:id`,
      {
        config: { access: accessFor(d, 'delete') },
        schema: { tags, summary: `Delete one of ${d.name}`, params: idParams, response: { 200: record, ...responses } },
      },
      async (request) => engine.remove(request, parseId((request.params as { id: string }).id)),
    );
  }
  return engine;
}
