import tailwindcss from '@tailwindcss/vite';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, defineConfig, type Plugin } from 'vite';
import { precompressDirectory } from '../../scripts/precompress.mjs';
import { PREACT_ALIASES } from './preact-aliases.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

/** Where the server looks for the pages written as HTML (apps/server/src/web-pages.ts). */
const PRERENDERED_DIR = 'prerendered';

type ServerRenderModule = {
  PRERENDERED_PAGES: readonly string[];
  renderPage(url: string, session: null): Promise<string>;
};

type DocumentModule = {
  fillDocument(template: string, parts: { root: string; session: null }): string;
};

/**
 * After the browser build, two builds for Node (every library bundled, so the same aliases
 * apply), each one file:
 * - src/app/document.ts into `<outDir>-server/document.js`, beside the web files and not among
 *   them: the server fills a signed-in page with its session with it, and loads nothing else;
 * - src/app/server-render.tsx, the whole app, into a scratch folder: each of its
 *   PRERENDERED_PAGES is rendered into a copy of the built index.html as
 *   `<outDir>/prerendered/<page>.html`, and the folder removed.
 */
function renderPages(): Plugin {
  let root = '';
  let outDir = 'dist';
  let isServerBuild = false;
  /** Builds `entry` for Node into `dir` and imports it. */
  const buildForNode = async <M>(entry: string, dir: string): Promise<M> => {
    await build({
      root,
      configFile: false,
      logLevel: 'warn',
      publicDir: false,
      resolve: { alias: PREACT_ALIASES },
      ssr: { noExternal: true },
      build: {
        ssr: entry,
        outDir: dir,
        emptyOutDir: true,
        // One file: dynamic imports inlined, nothing to resolve beside it.
        rolldownOptions: { output: { codeSplitting: false } },
      },
    });
    const file = `${path.basename(entry, path.extname(entry))}.js`;
    return (await import(pathToFileURL(path.join(dir, file)).href)) as M;
  };
  return {
    name: 'casebridge-server-render',
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
        const { fillDocument } = await buildForNode<DocumentModule>(
          'src/app/document.ts',
          `${outDir}-server`,
        );
        const scratch = await mkdtemp(path.join(os.tmpdir(), 'casebridge-render-'));
        try {
          const { PRERENDERED_PAGES, renderPage } = await buildForNode<ServerRenderModule>(
            'src/app/server-render.tsx',
            scratch,
          );
          const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
          await mkdir(path.join(outDir, PRERENDERED_DIR), { recursive: true });
          for (const page of PRERENDERED_PAGES) {
            // The session too (null): the app starts signed out without asking.
            const markup = await renderPage(page, null);
            await writeFile(
              path.join(outDir, PRERENDERED_DIR, `${page.slice(1)}.html`),
              fillDocument(template, { root: markup, session: null }),
            );
          }
          this.info(`page filler written, ${PRERENDERED_PAGES.length} pages prerendered`);
        } finally {
          await rm(scratch, { recursive: true, force: true });
        }
      },
    },
  };
}

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
  plugins: [tailwindcss(), renderPages(), precompress()],
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
