#!/usr/bin/env node
/**
 * `npm run build`: the panel (Vite, into dist/) and the server (esbuild, into dist-server/), each
 * with the hash of its inputs, so `npm start` afterwards rebuilds nothing.
 */
import { buildPanel, buildServer } from './lib/build.mjs';

await buildPanel(undefined, { verbose: process.argv.includes('--verbose') });
await buildServer();
console.log('Built the panel (dist/) and the server (dist-server/main.js).');
