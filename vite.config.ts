import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The API server (npm start) that the dev and preview servers proxy to. */
const apiServer = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';

const proxy = {
  '/api': { target: apiServer, changeOrigin: true },
  '/socket.io': { target: apiServer, changeOrigin: true, ws: true },
};

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml)$/;
const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

/**
 * Writes a `.br` (quality 11) and a `.gz` (level 9) twin next to every text file
 * of the build, for @fastify/static's preCompressed mode (server/delivery/staticPanel.ts):
 * the slow, best compression is paid once here instead of per request.
 * A twin that would not be smaller is not written.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'ride-admin:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name))
        .filter((file) => !file.includes(`${path.sep}.vite${path.sep}`));
      await Promise.all(
        files.map(async (file) => {
          const body = await readFile(file);
          const twins = [
            ['.br', await toBrotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })],
            ['.gz', await toGzip(body, { level: 9 })],
          ] as const;
          for (const [suffix, packed] of twins) if (packed.length < body.length) await writeFile(file + suffix, packed);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bench-bundle.mjs reads the manifest to find what /login needs.
    manifest: true,
    sourcemap: false,
  },
});
