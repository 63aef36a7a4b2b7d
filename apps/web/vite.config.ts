import tailwindcss from '@tailwindcss/vite';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { precompressDirectory } from '../../scripts/precompress.mjs';
import { PREACT_ALIASES } from './preact-aliases.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

/** After every production build, .br and .gz copies beside the files (scripts/precompress.mjs). */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'casebridge-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const written = precompressDirectory(outDir);
      this.info(`${written.length} precompressed copies (.br, .gz) written`);
    },
  };
}

/**
 * Preact, the router and the query client: needed by every page, one file (one request, one
 * compression context) cached apart from app code.
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](preact|react-router|@tanstack[\\/]query-core|@tanstack[\\/]react-query)[\\/]/;

export default defineConfig({
  plugins: [tailwindcss(), precompress()],
  resolve: { alias: PREACT_ALIASES },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each page needs, read by the size budget
    // (scripts/check-bundle-budget.mjs).
    manifest: true,
    // Every browser the app supports follows <link rel="modulepreload"> itself; one that does not
    // only loads the page's chunks a moment later. Not shipping the polyfill saves every page 0.5 KB.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK }] },
      },
    },
  },
});
