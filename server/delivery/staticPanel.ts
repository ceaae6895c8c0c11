import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { cacheControlFor, REVALIDATE } from './cacheControl.js';
import { refusal } from '../../src/domain/messageCodes.js';
import { errorBody } from '../errors.js';

/**
 * The built panel at /, with index.html for every client-side route.
 *
 * `vite build` writes a `.br` and a `.gz` twin next to every compressible file
 * (vite.config.ts); with `preCompressed` the plugin sends the best one the
 * client accepts, with `Content-Encoding` and `Vary: Accept-Encoding`, so
 * nothing is compressed per request.
 */
export async function serveStaticPanel(app: FastifyInstance, dir: string | undefined): Promise<void> {
  const index = dir && path.join(dir, 'index.html');
  const hasPanel = index && fs.existsSync(index);
  if (hasPanel)
    await app.register(fastifyStatic, {
      root: dir,
      // One wildcard route that looks each file up when asked: a route per file (about 700 with
      // their HEAD twins) took 0.2 s of every start. A file that is not there reaches the
      // not-found handler below.
      wildcard: true,
      index: false,
      preCompressed: true,
      // The twins are reached through preCompressed only, never by their own URL.
      allowedPath: (pathName) => !/\.(br|gz)$/.test(pathName),
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('Cache-Control', cacheControlFor(path.relative(dir, filePath).split(path.sep).join('/')));
      },
    });
  // The wildcard answers `/` itself, as a folder: 403 for a client that accepts no compression
  // (curl, a load balancer's probe), since no compressed twin stands in for it.
  if (hasPanel) app.get('/', (_request, reply) => reply.header('Cache-Control', REVALIDATE).sendFile('index.html'));
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (url.startsWith('/api/') || url.startsWith('/socket.io'))
      return reply.status(404).send(errorBody(refusal('notFound')));
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return reply.status(404).send(errorBody(refusal('notFound')));
    if (!hasPanel)
      return reply.status(404).type('text/plain').send('The panel is not built. Run `npm run build`, or `npm start`.');
    // A tab opened before a deploy asks for hashed files that no longer exist: HTML in their place
    // would only fail to parse as a script.
    if (url.startsWith('/assets/')) return reply.status(404).type('text/plain').send('Not found');
    return reply.header('Cache-Control', REVALIDATE).sendFile('index.html');
  });
}
