import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server proxies the API, files and the websocket to the Fastify server (apps/server) on port 3000;
// in production that server serves dist/ itself on the same origin.
const server = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: server, changeOrigin: false },
      '/files': { target: server, changeOrigin: false },
      '/ws': { target: server, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1024,
  },
});
