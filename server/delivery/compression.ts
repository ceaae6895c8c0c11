import { constants } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, onSendHookHandler } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';

/** Answers smaller than this go out as they are: a few hundred bytes saved are not worth the CPU. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Buffered answers up to this size are compressed in one synchronous call; larger ones and
 * streams go through a zlib stream on the thread pool. The plugin's default on a 2-core host
 * is 8 KiB, which sent a 26 kB page of 25 trips down the stream path: a zlib context and a
 * pipeline per answer cost 22–27 % of the list's throughput on PostgreSQL, several times the
 * synchronous call (docs/performance.md, "Compression"). 128 KiB covers pages of up to ~120
 * trips, a fraction of a millisecond on the event loop at the levels below.
 */
export const SYNC_COMPRESSION_LIMIT = 128 * 1024;

/**
 * Levels for buffered answers: brotli 4 is smaller than gzip on JSON (a page of 25 trips, objects:
 * ~5.2 kB against gzip 3's ~5.8 kB; brotli 1 made it larger than gzip, 6.5 kB) for ~0.3 ms of CPU.
 * Streams (CSV exports of up to a million rows) keep brotli 1, where CPU is the export's speed:
 * STREAM_BROTLI_QUALITY, set per route.
 */
export const BROTLI_QUALITY = 4;
export const STREAM_BROTLI_QUALITY = 1;
export const GZIP_LEVEL = 3;

const ENCODINGS = ['br', 'gzip', 'deflate'] as const;

/**
 * Whether the plugin will compress a stream answered to a request with these headers: its own
 * negotiation (the same library, with `*` and x-gzip read as gzip, as it reads them). An export
 * picks its statement's plan by it (server/rest/copyExport.ts).
 */
export function compressesStream(headers: IncomingHttpHeaders): boolean {
  const header = headers['accept-encoding'];
  if (headers['x-no-compression'] !== undefined || typeof header !== 'string') return false;
  return negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...ENCODINGS]) !== null;
}

/**
 * Runtime compression of API answers (JSON, CSV streams, …) above the threshold.
 * Register before any route: @fastify/compress attaches itself to routes as they
 * are declared. Socket.IO answers its own requests before Fastify sees them, and
 * the panel's files are precompressed (they carry Content-Encoding and are skipped).
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: COMPRESSION_THRESHOLD,
    encodings: [...ENCODINGS],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
    syncThreshold: SYNC_COMPRESSION_LIMIT,
    // Responses only: no client sends compressed bodies, and accepting them is surface for nothing.
    globalDecompression: false,
  });
  keepRecordRangesCompressible(app);
}

/**
 * The compressor's output buffer for a long stream. zlib's 16 KiB default filled up several times
 * per piece the export passes on (256 kB of CSV compress to ~60 kB), and each time cost a trip to
 * the thread pool and back and a write to the socket of its own.
 */
export const STREAM_CHUNK_SIZE = 128 * 1024;

/**
 * A route's `compress` option for a long stream (an export): brotli at STREAM_BROTLI_QUALITY and
 * gzip at GZIP_LEVEL (the plugin takes a route's options in place of the global ones, not over
 * them), both with STREAM_CHUNK_SIZE.
 */
export const streamCompression = {
  brotliOptions: {
    params: { [constants.BROTLI_PARAM_QUALITY]: STREAM_BROTLI_QUALITY },
    chunkSize: STREAM_CHUNK_SIZE,
  },
  zlibOptions: { level: GZIP_LEVEL, chunkSize: STREAM_CHUNK_SIZE },
};

const hiddenRange = Symbol('record Content-Range');
type ReplyWithRange = FastifyReply & { [hiddenRange]?: string };

/**
 * @fastify/compress leaves any answer with a Content-Range uncompressed, because a
 * byte range names offsets in the uncompressed body. Our lists' Content-Range
 * (`trips 0-24/32000`, ra-data-simple-rest) counts records, not bytes, so it is
 * moved aside just before the plugin's onSend hook and put back just after.
 * Byte ranges keep the plugin's protection.
 */
function keepRecordRangesCompressible(app: FastifyInstance): void {
  const hide: onSendHookHandler = (_request, reply, payload, done) => {
    const range = reply.getHeader('Content-Range');
    if (typeof range === 'string' && !/^bytes\b/i.test(range)) {
      (reply as ReplyWithRange)[hiddenRange] = range;
      reply.removeHeader('Content-Range');
    }
    done(null, payload);
  };
  const restore: onSendHookHandler = (_request, reply, payload, done) => {
    const range = (reply as ReplyWithRange)[hiddenRange];
    if (range !== undefined) reply.header('Content-Range', range);
    done(null, payload);
  };
  // Runs after the plugin's own onRoute hook, so its onSend is already the last one.
  app.addHook('onRoute', (route) => {
    const own = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    if (own.length === 0) return;
    route.onSend = [...own.slice(0, -1), hide, own[own.length - 1], restore];
  });
}
