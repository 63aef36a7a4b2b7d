#!/usr/bin/env node
// The JavaScript size budget of the web app (README "Bundle budget"): after a build,
// the gzip size of the JavaScript each page needs before it can render, from Vite's manifest
// (apps/web/vite.config.ts: build.manifest). A page's initial JavaScript is the entry chunk, the
// chunks of its lazy routes (layout and page), and everything those import statically (the
// chunks Vite modulepreloads with them). Fails when a page or a route chunk is over its limit, or
// when a route that must be its own chunk is not. Prints a table either way.
// Usage: node scripts/check-bundle-budget.mjs [dist]   (dist defaults to apps/web/dist)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** 1 KB = 1,000 bytes here. */
const KB = 1000;

/**
 * The budget (docs/decisions/0015-preact-and-the-120-kb-budget.md): a page's initial JavaScript
 * at most 120 KB gzip, each route's own chunk at most 50 KB gzip.
 */
export const LIMITS = { pageBytes: 120 * KB, routeChunkBytes: 50 * KB };

const SHELL = 'src/app/app-shell.tsx';

/**
 * The pages under budget, by the lazy route modules they need beside the entry: the sign-in page
 * and each role's dashboard (with the signed-in layout). Each is held to `LIMITS.pageBytes`.
 */
export const PAGES = [
  { page: '/login', modules: ['src/app/routes/login-page.tsx'] },
  { page: '/dashboard/clinic', modules: [SHELL, 'src/app/routes/clinic-dashboard-page.tsx'] },
  { page: '/dashboard/firm', modules: [SHELL, 'src/app/routes/firm-dashboard-page.tsx'] },
  {
    page: '/dashboard/lienholder',
    modules: [SHELL, 'src/app/routes/lienholder-dashboard-page.tsx'],
  },
  { page: '/dashboard/admin', modules: [SHELL, 'src/app/routes/admin-dashboard-page.tsx'] },
];

/** The manifest's entry chunk (index.html's script). */
function entryKey(manifest) {
  const key = Object.keys(manifest).find((name) => manifest[name].isEntry);
  if (!key) throw new Error('The manifest has no entry chunk');
  return key;
}

/** The JavaScript files the chunks of `keys` need at once: themselves and their static imports. */
export function staticClosure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...seen].map((key) => manifest[key].file).filter((file) => /\.m?js$/.test(file));
}

/** A route module of the app (a lazy page or the signed-in layout). */
function isRouteModule(key) {
  return key === SHELL || key.startsWith('src/app/routes/');
}

/**
 * Measures every budgeted page and every lazy chunk. `gzipBytes(file)` is a file's gzip size.
 * Returns the table rows and the list of failures (empty when within budget).
 */
export function checkBudget(manifest, gzipBytes, limits = LIMITS, pages = PAGES) {
  const entry = entryKey(manifest);
  const rows = [];
  const failures = [];
  const sum = (files) => files.reduce((total, file) => total + gzipBytes(file), 0);

  for (const { page, modules } of pages) {
    const limit = limits.pageBytes;
    const missing = modules.filter((key) => !manifest[key]?.isDynamicEntry);
    if (missing.length > 0) {
      failures.push(`${page}: ${missing.join(', ')} is not a lazily loaded chunk of its own`);
      continue;
    }
    const files = staticClosure(manifest, [entry, ...modules]);
    const bytes = sum(files);
    rows.push({ kind: 'page', name: page, files: files.length, bytes, limit });
    if (bytes > limit)
      failures.push(`${page}: initial JavaScript ${format(bytes)} > ${format(limit)}`);
  }

  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const bytes = gzipBytes(chunk.file);
    const limit = isRouteModule(key) ? limits.routeChunkBytes : null;
    rows.push({ kind: limit ? 'route chunk' : 'lazy chunk', name: key, files: 1, bytes, limit });
    if (limit !== null && bytes > limit)
      failures.push(`${key}: route chunk ${format(bytes)} > ${format(limit)}`);
  }
  return { rows, failures };
}

export function format(bytes) {
  return `${(bytes / KB).toFixed(1)} KB`;
}

/** The rows as an aligned text table. */
export function formatTable(rows) {
  const lines = [['', 'JavaScript', 'files', 'gzip', 'limit']];
  for (const row of rows)
    lines.push([
      row.kind,
      row.name,
      String(row.files),
      format(row.bytes),
      row.limit === null ? '-' : format(row.limit),
    ]);
  const widths = lines[0].map((_, column) => Math.max(...lines.map((line) => line[column].length)));
  const pad = (cell, column) =>
    column >= 2 ? cell.padStart(widths[column]) : cell.padEnd(widths[column]);
  return lines.map((line) => line.map(pad).join('  ').trimEnd()).join('\n');
}

function main() {
  const dist = path.resolve(process.argv[2] ?? 'apps/web/dist');
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    console.error(`No ${manifestFile}: build the web app first (npm run build).`);
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const gzipBytes = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  const { rows, failures } = checkBudget(manifest, gzipBytes);
  console.log(formatTable(rows));
  if (failures.length > 0) {
    console.error(`\nOver the bundle budget:\n${failures.map((line) => `  ${line}`).join('\n')}`);
    process.exit(1);
  }
  console.log('\nWithin the bundle budget.');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
