import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { onlyPlayerFiles } from './scripts/offline-precache.mjs';
import { reportFirstLoad } from './scripts/report-first-load.mjs';
import { precompressPlugin } from './scripts/precompress.mjs';
import { clientSharedModules } from './scripts/client-calls.mjs';
import { bootShell } from './scripts/boot-shell.mjs';
import { emotionInsertsWhileRendering } from './scripts/emotion-insertion.mjs';
import { muiThemesWithoutCssVariables, reactRouterWithoutDeadCode } from './scripts/bundle-trims.mjs';

const api = `http://localhost:${process.env.API_PORT ?? '3001'}`;

/** react-router's package points every bundler at its development build (dev warnings kept in); a build takes the production one. */
const reactRouterProduction = {
  '^react-router$': 'node_modules/react-router/dist/production/index.mjs',
  '^react-router/dom$': 'node_modules/react-router/dist/production/dom-export.mjs',
};

/**
 * ra-core's default router adapter (the one its contexts fall back to) builds a hash router with
 * react-router's createHashRouter, which keeps the whole data router (~18 KB gzip) in every page's
 * first load although the app never renders it: it runs AppRouter and hands react-admin its own
 * adapter. The build resolves ra-core's import of that module to ours. Only the build: in dev
 * ra-core is pre-bundled as it is, and the app's explicit providers make it behave the same.
 */
function raRouterAdapter(): Plugin {
  const ours = fileURLToPath(new URL('src/app/router/raRouterProvider.ts', import.meta.url));
  return {
    name: 'elp-ra-router-adapter',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && /[\\/]ra-core[\\/]dist[\\/]/.test(importer) && /(^|\/)adapters\/reactRouterProvider\.js$/.test(source)) return ours;
      return null;
    },
  };
}

/**
 * The offline exam's service worker (issue 31): src/offline/sw.ts built by vite-plugin-pwa with
 * Workbox's precache list of the player's files (scripts/offline-precache.mjs) as /sw.js. No
 * registration script, no web manifest: the player registers it when it opens (src/offline/register.ts).
 */
function offlineExamWorker() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/offline',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,woff2}'],
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      manifestTransforms: [onlyPlayerFiles(fileURLToPath(new URL('dist/client', import.meta.url)))],
    },
    devOptions: { enabled: false },
  });
}

export default defineConfig(({ command }) => ({
  // reportFirstLoad prints the learner pages' first-load JavaScript after every build;
  // precompressPlugin writes .br and .gz copies that the server sends by content negotiation;
  // clientSharedModules leaves the calls' zod schemas to the server; bootShell paints the header
  // and a first visit's cookie banner before the app runs and preloads the reader's catalogue;
  // the bundle trims leave out MUI's CSS-variables theme path and react-router's unused parts
  resolve: {
    alias: command === 'build' ? Object.entries(reactRouterProduction).map(([find, file]) => ({ find: new RegExp(find), replacement: fileURLToPath(new URL(file, import.meta.url)) })) : [],
  },
  plugins: [raRouterAdapter(), muiThemesWithoutCssVariables(), reactRouterWithoutDeadCode(), emotionInsertsWhileRendering(), clientSharedModules(), react(), bootShell(), reportFirstLoad(), offlineExamWorker(), precompressPlugin()],
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
      output: {
        codeSplitting: {
          groups: [
            // what the app's entry imports statically is needed by every page before its first paint:
            // one file, not fifty (on a phone each file is a round trip, six at a time over HTTP/1.1);
            // the SCORM launcher, the other entry, keeps its own chain
            { name: 'app-base', tags: ['$initial'], test: (id) => !/[\\/](scorm-again|scorm)[\\/]/.test(id), priority: 10 },
          ],
        },
      },
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
}));
