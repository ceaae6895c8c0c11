import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD, compressesStream, installCompression } from '../../server/delivery/compression.js';
import { listQuery, startApp, type TestApp } from './harness.js';

/** A stand-in for `vite build` output: hashed script with its .br/.gz twins, index.html likewise, a favicon. */
function fakePanel(): { dir: string; script: string; html: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'panel-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const script = `console.log(${JSON.stringify('ride admin '.repeat(500))});\n`;
  const html = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd.js"></script></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;
  const write = (name: string, body: string) => {
    fs.writeFileSync(path.join(dir, name), body);
    fs.writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(body));
    fs.writeFileSync(path.join(dir, `${name}.gz`), gzipSync(body));
  };
  write('assets/index-Ab12Cd.js', script);
  write('index.html', html);
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { dir, script, html };
}

describe('the global rate limit', () => {
  it("counts API calls but not the panel's hashed files", async () => {
    const panel = fakePanel();
    const t = await startApp({
      staticDir: panel.dir,
      rateLimits: { loginPerIp: 100, perEmail: 100, windowMs: 60_000, global: 5 },
    });
    try {
      for (let i = 0; i < 20; i++) expect((await t.call('GET', '/assets/index-Ab12Cd.js')).statusCode).toBe(200);
      const api = [];
      for (let i = 0; i < 6; i++) api.push((await t.call('GET', '/api/health')).statusCode);
      expect(api.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(api[5]).toBe(429);
    } finally {
      await t.close();
      fs.rmSync(panel.dir, { recursive: true, force: true });
    }
  });
});

describe('compressed delivery of the panel and the API', () => {
  let t: TestApp;
  let token: string;
  let panel: ReturnType<typeof fakePanel>;

  beforeAll(async () => {
    panel = fakePanel();
    t = await startApp({ staticDir: panel.dir });
    token = await t.login();
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(panel.dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the prebuilt brotli or gzip twin of a hashed asset, cached for a year', async () => {
    const br = await get('/assets/index-Ab12Cd.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(panel.script);

    const gz = await get('/assets/index-Ab12Cd.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(panel.script);

    const plain = await get('/assets/index-Ab12Cd.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(panel.script);
  });

  it('serves index.html compressed and never cached unchecked, for client routes too', async () => {
    for (const url of ['/', '/login', '/trips/12/show', '/index.html']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(panel.html);
    }
  });

  it('serves the panel to a client that accepts no compression (curl, a health probe), at / too', async () => {
    for (const url of ['/', '/login', '/index.html']) {
      const res = await t.call('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.body, url).toBe(panel.html);
    }
  });

  it('gives other static files a short lifetime', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers 404, not the HTML, for a hashed file that does not exist or a twin asked by name', async () => {
    for (const url of ['/assets/index-Old999.js', '/assets/index-Ab12Cd.js.br']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/html/);
    }
  });

  it('compresses a list page and keeps its record Content-Range', async () => {
    const query = listQuery({ sort: ['requestedAt', 'DESC'], range: [0, 24] });
    const plain = await t.call('GET', '/api/trip/trips', { token, query });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(10_000);

    for (const [encoding, decode] of [
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      const res = await t.call('GET', '/api/trip/trips', { token, query, headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-range']).toMatch(/^trips 0-24\/\d+$/);
      expect(res.headers['content-range']).toBe(plain.headers['content-range']);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      // Compressed in one call (not through a per-answer zlib stream), so the length is known.
      expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
      expect(JSON.parse(decode(res.rawPayload).toString())).toEqual(plain.json());
    }
  });

  it('answers a 25-trip page smaller in brotli than in gzip', async () => {
    const sizes: Record<string, number> = {};
    for (const [query, what] of [
      [listQuery({ sort: ['requestedAt', 'DESC'], range: [0, 24] }), 'records'],
      [
        {
          ...listQuery({ sort: ['requestedAt', 'DESC'], range: [0, 24] }),
          fields: 'requestedAt,passengerName,driverName,status,fareTotal,pickupAddress,dropoffAddress',
          shape: 'rows',
        },
        'rows',
      ],
    ] as const)
      for (const encoding of ['gzip', 'br']) {
        const res = await t.call('GET', '/api/trip/trips', { token, query, headers: { 'accept-encoding': encoding } });
        expect(res.headers['content-encoding']).toBe(encoding);
        sizes[`${what} ${encoding}`] = res.rawPayload.length;
      }
    expect(sizes['records br']).toBeLessThan(sizes['records gzip']);
    expect(sizes['rows br']).toBeLessThan(sizes['rows gzip']);
  });

  it('leaves answers under the threshold uncompressed', async () => {
    const res = await get('/api/health', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('leaves Socket.IO long-polling to Socket.IO', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/socket.io/?EIO=4&transport=polling`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^0\{"sid":/);
  });
});

describe('compression of a streamed answer (CSV exports)', () => {
  it('streams chunked, compressed, and the client gets every byte', async () => {
    const app = Fastify();
    await installCompression(app);
    const lines = Array.from({ length: 20_000 }, (_, i) => `${i},trip ${i},Nairobi CBD,Westlands,${(i * 37) % 1000}\n`);
    app.get('/api/trip/trips/export', (_req, reply) => {
      reply.header('Content-Type', 'text/csv; charset=utf-8');
      reply.header('Content-Disposition', 'attachment; filename="trips.csv"');
      return reply.send(Readable.from(lines));
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/api/trip/trips/export`, {
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('transfer-encoding')).toBe('chunked');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="trips.csv"');
      expect(await res.text()).toBe(lines.join(''));
    } finally {
      await app.close();
    }
  });

  // An export picks its statement's plan by whether its answer is compressed (no parallel worker
  // beside the compressor): that guess must be the plugin's own answer, whatever the header says.
  it('is foreseen by compressesStream for every Accept-Encoding, as the plugin negotiates it', async () => {
    const app = Fastify();
    await installCompression(app);
    app.get('/stream', (_req, reply) => reply.type('text/csv').send(Readable.from(['a,b\n'.repeat(5_000)])));
    const headers: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'br' },
      { 'accept-encoding': 'gzip, deflate, br, zstd' },
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': '*' },
      { 'accept-encoding': 'x-gzip' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
      { 'accept-encoding': 'identity, br;q=0.5' },
      { 'accept-encoding': 'compress' },
      { 'accept-encoding': 'BR' },
      { 'accept-encoding': 'gzip', 'x-no-compression': '1' },
    ];
    try {
      const seen = [];
      for (const h of headers) {
        const res = await app.inject({ method: 'GET', url: '/stream', headers: h });
        expect(res.statusCode).toBe(200);
        seen.push({ h, compressed: res.headers['content-encoding'] !== undefined, foreseen: compressesStream(h) });
      }
      expect(seen.map(({ h, foreseen }) => ({ h, compressed: foreseen }))).toEqual(
        seen.map(({ h, compressed }) => ({ h, compressed })),
      );
      // Both answers occur, so the comparison says something.
      expect(new Set(seen.map((x) => x.compressed))).toEqual(new Set([true, false]));
    } finally {
      await app.close();
    }
  });
});
