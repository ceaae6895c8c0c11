import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** ra-core's FieldTitle, imported by its file rather than through ra-core's index. */
const FIELD_TITLE = fileURLToPath(new URL('./node_modules/ra-core/dist/util/FieldTitle.js', import.meta.url));
const RA_CORE_IMPORT = /import \{([^}]*)\} from ['"]ra-core['"];/;

/**
 * ra-ui-materialui's inputs import FieldTitle from ra-core's index, which re-exports it from
 * util/index.js, a module FieldTitle's own imports lead back to. Rollup cannot keep that cycle in
 * one chunk and warned once per input ("reexported through module … util/index.js … will likely
 * lead to broken execution order"). Importing FieldTitle from its own file, as the warning advises,
 * takes the cycle out of the way between chunks.
 */
function fieldTitleDirect(): Plugin {
  return {
    name: 'ride-admin:field-title-direct',
    apply: 'build',
    transform(code, id) {
      if (!id.includes('/node_modules/ra-ui-materialui/dist/')) return null;
      const match = RA_CORE_IMPORT.exec(code);
      if (!match) return null;
      const names = match[1].split(',').map((name) => name.trim());
      if (!names.includes('FieldTitle')) return null;
      const rest = names.filter((name) => name && name !== 'FieldTitle');
      const replacement =
        `import FieldTitle from ${JSON.stringify(FIELD_TITLE)};` +
        (rest.length ? ` import { ${rest.join(', ')} } from 'ra-core';` : '');
      return { code: code.replace(match[0], replacement), map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), fieldTitleDirect()],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bench-bundle.mjs reads the manifest to find what /login needs.
    manifest: true,
    sourcemap: false,
    // Two chunks pass 500 kB: maplibre-gl (1,079 kB, map pages only) is one prebuilt file that cannot be split, and the entry (1,067 kB, what /login needs, budgeted by `npm run bench:bundle`) split by library with manualChunks cost 40 kB more on the wire (393 kB br, over the 350 kB budget).
    chunkSizeWarningLimit: 1100,
    rollupOptions: {
      output: {
        // The phone-number metadata (libphonenumber-js, ~150 kB) changes on its own release cycle: its
        // own chunk keeps it cached across our releases and the entry under the limit above.
        manualChunks: (id) => (id.includes('/node_modules/libphonenumber-js/') ? 'phone-numbers' : undefined),
      },
    },
  },
});
