import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { precompressDirectory } from '../../scripts/precompress.mjs';

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

/** React, its DOM renderer and the router: shared by every page and cached apart from app code. */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
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
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK }] },
      },
    },
  },
});
