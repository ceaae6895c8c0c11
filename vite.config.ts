import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { ManualChunkMeta } from 'rollup';
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

/** Vite's default chunk-size warning limit, in kB (1 kB = 1000 bytes, as Vite prints them). */
const CHUNK_LIMIT_KB = 500;
/** maplibre-gl ships as one prebuilt, minified file (~1,080 kB) that cannot be split; map pages load it lazily. */
const UNSPLITTABLE = /\/node_modules\/maplibre-gl\//;

/**
 * Vite's chunk-size warning with one exception: it fails the build when a chunk passes 500 kB,
 * unless the chunk is maplibre-gl's. Vite's own warning cannot exempt a single chunk, so it is
 * turned off below in favour of this one.
 */
function chunkSizeGuard(): Plugin {
  return {
    name: 'ride-admin:chunk-size-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || Buffer.byteLength(chunk.code) <= CHUNK_LIMIT_KB * 1000) continue;
        if (Object.keys(chunk.modules).some((id) => UNSPLITTABLE.test(id))) continue;
        const kb = Math.round(Buffer.byteLength(chunk.code) / 1000);
        this.error(`${chunk.fileName} is ${kb} kB, over the ${CHUNK_LIMIT_KB} kB limit: split it (vite.config.ts).`);
      }
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

/**
 * The libraries /login's entry needs, in three chunks so that none passes Vite's 500 kB warning and
 * index.html modulepreloads them all in parallel; the entry keeps our code, react-admin and
 * @mui/material. Those two are left to Rollup on purpose: their index files reach every component
 * they have, and a chunk of their own would take in the components only lazy screens use, which
 * /login would then download for nothing (tried: +370 kB raw). The last family takes every other
 * library the entry imports, so that none of their dependencies is left behind in the entry (a
 * cycle between chunks).
 */
const VENDOR_FAMILIES: [chunk: string, pattern: RegExp][] = [
  ['react', /\/node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)\//],
  ['forms', /\/node_modules\/(react-hook-form|yup|property-expr|tiny-case|toposort|@tanstack)\//],
  [
    'vendor',
    /\/node_modules\/(?!@mui\/(material|icons-material|lab)\/|react-admin\/|ra-[\w-]+\/|date-fns\/|dompurify\/|jsonexport\/)/,
  ],
];

/** The English catalogue's data files (src/i18n/en.ts and the parts it spreads). */
const ENGLISH_CATALOGUE =
  /\/src\/i18n\/(en|bulk|drivers|enums|insightMessages|payouts|pricing|sos|trips|validation)\.ts$/;

/**
 * Only modules the entry reaches through static imports go to the vendor chunks: a library module
 * that only lazy screens import stays with them, so /login never downloads it.
 */
function vendorChunks(id: string, meta: ManualChunkMeta): string | undefined {
  // The phone-number metadata (libphonenumber-js, ~120 kB) changes on its own release cycle: its
  // own chunk keeps it cached across our releases.
  if (id.includes('/node_modules/libphonenumber-js/')) return 'phone-numbers';
  // The English catalogue (about 60 kB raw) is plain data that imports only its own parts: a chunk of
  // its own, preloaded beside the entry, keeps the entry under the 500 kB limit without a cycle.
  if (ENGLISH_CATALOGUE.test(id) && staticGraph(meta).has(id)) return 'messages-en';
  if (!id.includes('/node_modules/') || !staticGraph(meta).has(id)) return undefined;
  return VENDOR_FAMILIES.find(([, pattern]) => pattern.test(id))?.[0];
}

/** Every module the entries import statically, directly or not, computed once per build. */
const staticGraphs = new WeakMap<ManualChunkMeta['getModuleInfo'], Set<string>>();
function staticGraph({ getModuleIds, getModuleInfo }: ManualChunkMeta): Set<string> {
  let graph = staticGraphs.get(getModuleInfo);
  if (graph) return graph;
  graph = new Set();
  const pending = [...getModuleIds()].filter((id) => getModuleInfo(id)?.isEntry);
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (graph.has(id)) continue;
    graph.add(id);
    pending.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  staticGraphs.set(getModuleInfo, graph);
  return graph;
}

export default defineConfig({
  plugins: [react(), precompress(), fieldTitleDirect(), chunkSizeGuard()],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bench-bundle.mjs reads the manifest to find what /login needs.
    manifest: true,
    sourcemap: false,
    // chunkSizeGuard() applies Vite's 500 kB limit to every chunk but maplibre-gl's, as an error.
    chunkSizeWarningLimit: Number.POSITIVE_INFINITY,
    rollupOptions: {
      output: {
        manualChunks: vendorChunks,
        // Chunks under 20 kB are merged into one loaded with them whenever that runs no other code:
        // opening Trips fetched 72 files, six at a time over HTTP/1.1, 47 since (issue 30).
        experimentalMinChunkSize: 20_000,
      },
    },
  },
});
