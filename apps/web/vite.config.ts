import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  plugins: [
    react(),
    // Brotli and gzip files beside each asset: the server sends them as they are (preCompressed in
    // apps/server/src/plugins/web-app.ts), so no request pays for compression. index.html is left out:
    // the server writes each request's nonce into it.
    compression({ include: /\.(js|css|svg)$/, algorithms: ['brotliCompress', 'gzip'] }),
  ],
  // The server writes each request's CSP nonce over this placeholder (apps/server/src/plugins/web-app.ts).
  html: { cspNonce: '__CSP_NONCE__' },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    // Maps stay beside the build for debugging but are not referenced from the bundles, and the server
    // never serves them: the source is not public.
    sourcemap: 'hidden',
    // bench/bundle.ts reads which files each route loads from the manifest.
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
});
