import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server (npm start) that the dev and preview servers proxy to. */
const apiServer = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';

const proxy = {
  '/api': { target: apiServer, changeOrigin: true },
  '/socket.io': { target: apiServer, changeOrigin: true, ws: true },
};

export default defineConfig({
  plugins: [react()],
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
