import { createRequire } from 'node:module';
import path from 'node:path';

/** The web app's own Preact, wherever the package manager put it. */
const PREACT = path.dirname(createRequire(import.meta.url).resolve('preact/package.json'));

/**
 * The web app runs on Preact through `preact/compat` (ADR 0015): the code and its libraries import
 * `react` and `react-dom`, and the build, the dev server and the web unit tests resolve those to
 * Preact, so what is tested is what ships. Types still come from @types/react. The targets are
 * absolute, so that a library anywhere in node_modules gets the web app's Preact.
 */
export const PREACT_ALIASES = [
  { find: /^react$/, replacement: `${PREACT}/compat` },
  { find: /^react-dom$/, replacement: `${PREACT}/compat` },
  { find: /^react-dom\/client$/, replacement: `${PREACT}/compat/client` },
  { find: /^react-dom\/test-utils$/, replacement: `${PREACT}/test-utils` },
  { find: /^react\/jsx-runtime$/, replacement: `${PREACT}/compat/jsx-runtime` },
  { find: /^react\/jsx-dev-runtime$/, replacement: `${PREACT}/compat/jsx-dev-runtime` },
];
