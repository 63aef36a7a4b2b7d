import tailwindcss from '@tailwindcss/vite';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
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
  fillDocument(template: string, parts: { root: string; session: null }): string;
};

/**
 * After the browser build, the app built once more for Node from src/app/server-render.tsx (Preact
 * and every library bundled, so the same aliases apply) into `<outDir>-server/server-render.js`,
 * beside the web files and not among them; the server renders its signed-in pages with it. Each
 * of its PRERENDERED_PAGES is then rendered into a copy of the built index.html as
 * `<outDir>/prerendered/<page>.html`.
 */
function renderPages(): Plugin {
  let root = '';
  let outDir = 'dist';
  let isServerBuild = false;
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
        const serverDir = `${outDir}-server`;
        await build({
          root,
          configFile: false,
          logLevel: 'warn',
          publicDir: false,
          resolve: { alias: PREACT_ALIASES },
          ssr: { noExternal: true },
          build: {
            ssr: 'src/app/server-render.tsx',
            outDir: serverDir,
            emptyOutDir: true,
            // One file: dynamic imports inlined, nothing to resolve beside it.
            rolldownOptions: { output: { codeSplitting: false } },
          },
        });
        const { PRERENDERED_PAGES, renderPage, fillDocument } = (await import(
          pathToFileURL(path.join(serverDir, 'server-render.js')).href
        )) as ServerRenderModule;
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
        this.info(`server render module written, ${PRERENDERED_PAGES.length} pages prerendered`);
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
    modulePreload: {
      // Every browser the app supports follows <link rel="modulepreload"> itself; one that does
      // not only loads the page's chunks a moment later. No polyfill saves every page 0.5 KB.
      polyfill: false,
      // index.html names the entry's chunks. A chunk loaded on demand does not also add a link
      // for each chunk it imports: the browser fetches those as it reads the chunk, and adding
      // them (54 for the clinic dashboard) held its first task 0.1 s at 4× throttling (ADR 0029).
      resolveDependencies: (_file, dependencies, { hostType }) =>
        hostType === 'html' ? dependencies : [],
    },
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK }] },
      },
    },
  },
});
