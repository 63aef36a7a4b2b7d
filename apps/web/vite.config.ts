import tailwindcss from '@tailwindcss/vite';
import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, defineConfig, type Plugin } from 'vite';
import { precompressDirectory } from '../../scripts/precompress.mjs';
import { PREACT_ALIASES } from './preact-aliases.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

/** Where the server looks for the pages written as HTML (apps/server/src/web-pages.ts). */
const PRERENDERED_DIR = 'prerendered';

type PrerenderModule = {
  PRERENDERED_PAGES: readonly string[];
  prerender(pathname: string): Promise<string>;
};

/**
 * After the browser build, each page of src/app/prerender.tsx as HTML: the app is built once more
 * for Node (Preact and every library bundled, so the same aliases apply), rendered, and each page
 * written into a copy of the built index.html as dist/prerendered/<page>.html.
 */
function prerenderPages(): Plugin {
  let root = '';
  let outDir = 'dist';
  let isServerBuild = false;
  return {
    name: 'casebridge-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      isServerBuild = Boolean(config.build.ssr);
    },
    closeBundle: {
      sequential: true,
      async handler() {
        if (isServerBuild) return;
        const serverDir = await mkdtemp(path.join(os.tmpdir(), 'casebridge-prerender-'));
        try {
          await build({
            root,
            configFile: false,
            logLevel: 'warn',
            publicDir: false,
            resolve: { alias: PREACT_ALIASES },
            ssr: { noExternal: true },
            build: {
              ssr: 'src/app/prerender.tsx',
              outDir: serverDir,
              emptyOutDir: true,
              // One file: dynamic imports inlined, nothing to resolve beside it.
              rolldownOptions: { output: { codeSplitting: false } },
            },
          });
          const entry = (await readdir(serverDir)).find((file) => /^prerender\.m?js$/.test(file));
          if (!entry) throw new Error('the prerender build wrote no module');
          const { PRERENDERED_PAGES, prerender } = (await import(
            pathToFileURL(path.join(serverDir, entry)).href
          )) as PrerenderModule;
          const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
          if (!template.includes(ROOT_ELEMENT))
            throw new Error(`index.html has no ${ROOT_ELEMENT}`);
          await mkdir(path.join(outDir, PRERENDERED_DIR), { recursive: true });
          for (const page of PRERENDERED_PAGES) {
            const html = await prerender(page);
            const file = path.join(outDir, PRERENDERED_DIR, `${page.slice(1)}.html`);
            await writeFile(
              file,
              template.replace(ROOT_ELEMENT, `<div id="root" data-prerendered>${html}</div>`),
            );
          }
          this.info(`${PRERENDERED_PAGES.length} pages prerendered`);
        } finally {
          await rm(serverDir, { recursive: true, force: true });
        }
      },
    },
  };
}

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * After every production build (and after the prerendered pages), .br and .gz copies beside the
 * files (scripts/precompress.mjs).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  let isServerBuild = false;
  return {
    name: 'casebridge-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      isServerBuild = Boolean(config.build.ssr);
    },
    closeBundle: {
      sequential: true,
      handler() {
        if (isServerBuild) return;
        const written = precompressDirectory(outDir);
        this.info(`${written.length} precompressed copies (.br, .gz) written`);
      },
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
  plugins: [tailwindcss(), prerenderPages(), precompress()],
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
