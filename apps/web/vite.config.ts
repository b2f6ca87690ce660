import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';
import { routePreloadsPlugin } from './build/route-preloads';
import { webManifestPlugin } from './build/web-manifest';

// The dev server proxies the API, files and the websocket to the Fastify server (apps/server) on port 3000;
// in production that server serves dist/ itself on the same origin.
const server = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), webManifestPlugin(), routePreloadsPlugin(), precompress()],
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Small shared chunks (antd's hooks, icons, helpers) are copied into the chunks that read them, one
          // module state kept by rolldown's runtime: a cold inbox loads ~30 files instead of ~85, which is
          // what its time on a slow network was made of (HTTP/1.1 fetches six at a time). 48 KB of source
          // measured best: below it the file count climbs back, above it the routes repeat more code.
          experimentalInlineCommonChunks: { maxSize: 48 * 1024 },
        },
      },
    },
  },
});
