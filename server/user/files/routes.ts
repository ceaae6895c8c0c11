import type { FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { staffOf } from '../../auth/guard.js';
import { ApiError, badRequest, notFound } from '../../errors.js';
import { FileStore } from '../../files/store.js';
import { fileAccess, fileOwners } from './access.js';
import { refusal } from '../../../src/domain/messageCodes.js';

export const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** Types accepted for upload, decided from the bytes, never from the name. */
const ALLOWED = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/pdf']);

export function fileRoutes(app: FastifyInstance): void {
  const { db, config } = app.services;
  const store = new FileStore(config.filesDir);

  app.post(
    '/files',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['files'],
        summary: 'Uploads one file (multipart field "file"): PNG, JPEG, WebP, GIF or PDF, at most 5 MB',
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest(refusal('sendMultipart'));
      let part;
      try {
        part = await request.file({ limits: { fileSize: MAX_FILE_BYTES, files: 1 } });
      } catch {
        throw badRequest(refusal('sendMultipart'));
      }
      if (!part) throw badRequest(refusal('noFileSent'), { file: refusal('noFileSent') });
      const bytes = await part.toBuffer().catch((e: { code?: string }) => {
        if (e.code === 'FST_REQ_FILE_TOO_LARGE')
          throw new ApiError(413, refusal('fileTooLarge'), { file: refusal('fileTooLarge') });
        throw e;
      });
      if (part.file.truncated) throw new ApiError(413, refusal('fileTooLarge'), { file: refusal('fileTooLarge') });
      const detected = await fileTypeFromBuffer(bytes);
      if (!detected || !ALLOWED.has(detected.mime)) {
        throw new ApiError(415, refusal('fileKinds'), { file: refusal('fileTypeUnsupported') });
      }
      const filename = part.filename.replace(/[^\w.\- ]+/g, '_').slice(0, 120) || 'upload';
      const id = await store.save(db, { bytes, contentType: detected.mime, filename, uploadedBy: staffOf(request).id });
      return reply.status(201).send({ data: { id, filename, contentType: detected.mime, size: bytes.length } });
    },
  );

  app.get(
    '/files/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['files'],
        summary: 'Downloads a file with its content type',
        description:
          "Only for whoever may view the record that owns the file: a driver's document or photo needs view-Driver (403 otherwise), a staff photo is that staff member's or needs view-Staff, a vehicle type's icon is any staff member's. A file no record owns is its uploader's alone; unknown files and others' unowned uploads are 404.",
        params: { type: 'object', properties: { id: { type: 'integer' } } },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const row = await db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound(refusal('noSuch', { label: 'file' }));
      const access = fileAccess(await fileOwners(db, row.id, row.uploadedBy), staffOf(request));
      if (access === 'unknown') throw notFound(refusal('noSuch', { label: 'file' }));
      if (access === 'forbidden') throw new ApiError(403, refusal('fileForbidden'));
      const bytes = await store.read(row.storageKey);
      if (!bytes) throw notFound(refusal('noSuch', { label: 'file' }));
      return (
        reply
          .header('Content-Type', row.contentType)
          .header('Content-Disposition', `inline; filename="${row.filename.replace(/"/g, '')}"`)
          .header('Cache-Control', 'private, max-age=3600')
          // SVG specimens and PDFs open inline; nothing in them may run script.
          .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .send(bytes)
      );
    },
  );
}
