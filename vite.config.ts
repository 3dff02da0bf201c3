import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { reportFirstLoad } from './scripts/report-first-load.mjs';
import { precompressPlugin } from './scripts/precompress.mjs';
import { clientSharedModules } from './scripts/client-calls.mjs';
import { preloadLanguage } from './scripts/preload-language.mjs';

const api = `http://localhost:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  // reportFirstLoad prints the learner pages' first-load JavaScript after every build;
  // precompressPlugin writes .br and .gz copies that the server sends by content negotiation;
  // clientSharedModules leaves the calls' zod schemas to the server; preloadLanguage starts the
  // reader's catalogue beside the entry
  plugins: [clientSharedModules(), react(), preloadLanguage(), reportFirstLoad(), precompressPlugin()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // .vite/manifest.json: the chunk graph the first-load report and tests/e2e/bundle.spec.ts walk
    manifest: true,
    rolldownOptions: {
      // the SCORM launcher runs on the content origin, a page of its own (server/content/launcher.ts)
      input: { index: 'index.html', 'scorm-launcher': 'src/learner/player/scorm/launcher/main.ts' },
      // a barrel (`@mui/material`, src/app) imported by the first load must not pull into it every
      // module it re-exports that some lazy screen uses (a menu's Modal, a dialog)
      experimental: { lazyBarrel: true },
    },
  },
  server: {
    proxy: {
      '/api': api,
      '/oidc': api,
      '/hubs': { target: api, ws: true },
      '/files': api,
      // the content origin's pages (content.localhost:3000 reaches this dev server too); the API
      // server tells the origins apart by the Host header, so it is passed on unchanged
      '/scorm/': { target: api, changeOrigin: false },
    },
  },
});
