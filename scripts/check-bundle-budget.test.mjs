// The bundle budget (check-bundle-budget.mjs) on made-up manifests: what counts as a page's
// initial JavaScript, and that each limit fails the check. Run by `npm test` (scripts/test.mjs):
// node --test scripts/*.test.mjs
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  checkBudget,
  formatTable,
  LIMITS,
  PAGES as APP_PAGES,
  staticClosure,
} from './check-bundle-budget.mjs';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'check-bundle-budget.mjs');
const CLINIC = 'src/app/routes/clinic-dashboard-page.tsx';
const SHELL = 'src/app/app-shell.tsx';
const CHART = 'src/features/patients/components/status-chart.tsx';
const PAGES = [
  { page: '/login', modules: [] },
  { page: '/dashboard/clinic', modules: [SHELL, CLINIC] },
];

/**
 * A build like Vite's: the entry shares a framework chunk with the lazy layout and pages; the
 * clinic page loads a chart later. Every page the real check budgets has a chunk.
 */
function makeManifest() {
  const pages = Object.fromEntries(
    APP_PAGES.flatMap(({ modules }) => modules).map((key) => [
      key,
      { file: `assets/${path.basename(key, '.tsx')}.js`, isDynamicEntry: true },
    ]),
  );
  return {
    ...pages,
    'index.html': {
      file: 'assets/index-a1.js',
      isEntry: true,
      imports: ['_framework-b2.js'],
      dynamicImports: [SHELL, CLINIC],
      css: ['assets/index-c3.css'],
    },
    '_framework-b2.js': { file: 'assets/framework-b2.js' },
    '_ui-d4.js': { file: 'assets/ui-d4.js', imports: ['_framework-b2.js'] },
    [SHELL]: { file: 'assets/app-shell-e5.js', isDynamicEntry: true, imports: ['_ui-d4.js'] },
    [CLINIC]: {
      file: 'assets/clinic-dashboard-page-f6.js',
      isDynamicEntry: true,
      imports: ['_ui-d4.js', '_framework-b2.js'],
      dynamicImports: [CHART],
    },
    [CHART]: { file: 'assets/status-chart-g7.js', isDynamicEntry: true },
  };
}

/** gzip sizes in bytes by file; 1,000 bytes each unless given. */
function sizes(overrides = {}) {
  return (file) => overrides[file] ?? 1000;
}

describe('bundle budget', () => {
  it("counts a page's entry, lazy route chunks and their static imports, not its lazy widgets", () => {
    const manifest = makeManifest();
    assert.deepEqual(staticClosure(manifest, ['index.html']), [
      'assets/index-a1.js',
      'assets/framework-b2.js',
    ]);
    const { rows, failures } = checkBudget(manifest, sizes(), LIMITS, PAGES);
    assert.deepEqual(failures, []);
    const byName = Object.fromEntries(rows.map((row) => [row.name, row]));
    assert.equal(byName['/login'].bytes, 2000);
    // entry, framework, shell, ui, page: the chart is fetched later and is not counted.
    assert.equal(byName['/dashboard/clinic'].bytes, 5000);
    assert.equal(byName['/dashboard/clinic'].files, 5);
    assert.equal(byName[CLINIC].kind, 'route chunk');
    assert.equal(byName[CHART].kind, 'lazy chunk');
    assert.equal(byName[CHART].limit, null);
  });

  it('fails a page whose initial JavaScript is over the limit, and names it', () => {
    const gzip = sizes({ 'assets/framework-b2.js': LIMITS.pageBytes - 1000 });
    const { failures } = checkBudget(makeManifest(), gzip, LIMITS, PAGES);
    assert.equal(failures.length, 1);
    assert.match(failures[0], /^\/dashboard\/clinic: initial JavaScript 123\.0 KB > 120\.0 KB$/);
  });

  it('holds a page with a ceiling to that ceiling instead of the goal', () => {
    const gzip = sizes({ 'assets/framework-b2.js': LIMITS.pageBytes });
    const ceiling = LIMITS.pageBytes + 5000;
    const pages = [
      { page: '/login', modules: [], ceiling },
      { page: '/dashboard/clinic', modules: [SHELL, CLINIC], ceiling },
    ];
    const { rows, failures } = checkBudget(makeManifest(), gzip, LIMITS, pages);
    // /login 121 KB is within its 125 KB ceiling; the clinic page's 124 KB too, 126 KB is not.
    assert.deepEqual(failures, []);
    assert.equal(rows[0].limit, ceiling);
    assert.equal(rows[0].goal, LIMITS.pageBytes);
    const over = checkBudget(
      makeManifest(),
      sizes({ 'assets/framework-b2.js': LIMITS.pageBytes + 2000 }),
      LIMITS,
      pages,
    );
    assert.deepEqual(over.failures, ['/dashboard/clinic: initial JavaScript 126.0 KB > 125.0 KB']);
  });

  it('fails a route chunk over its limit but not a lazy widget of the same size', () => {
    const big = LIMITS.routeChunkBytes + 1;
    const gzip = sizes({
      'assets/clinic-dashboard-page-f6.js': big,
      'assets/status-chart-g7.js': big,
    });
    const { failures } = checkBudget(makeManifest(), gzip, LIMITS, PAGES);
    assert.deepEqual(failures, [`${CLINIC}: route chunk 50.0 KB > 50.0 KB`]);
  });

  it('fails when a budgeted route is no longer a lazy chunk of its own', () => {
    const manifest = makeManifest();
    delete manifest[CLINIC];
    const { failures } = checkBudget(manifest, sizes(), LIMITS, PAGES);
    assert.deepEqual(failures, [
      `/dashboard/clinic: ${CLINIC} is not a lazily loaded chunk of its own`,
    ]);
  });

  it('prints one row per page and lazy chunk with the limits', () => {
    const { rows } = checkBudget(makeManifest(), sizes(), LIMITS, PAGES);
    const table = formatTable(rows).split('\n');
    assert.equal(table.length, 1 + rows.length);
    assert.match(table[1], /^page\s+\/login\s+2\s+2\.0 KB\s+120\.0 KB\s+120\.0 KB$/);
  });

  it('as a command, exits 1 over the budget and 0 within it, reading a built dist', () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'budget-'));
    try {
      mkdirSync(path.join(dist, '.vite'));
      mkdirSync(path.join(dist, 'assets'));
      const manifest = makeManifest();
      writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
      for (const chunk of Object.values(manifest))
        writeFileSync(
          path.join(dist, chunk.file),
          `export const x = ${JSON.stringify(chunk.file)};`,
        );
      const within = spawnSync(process.execPath, [script, dist], { encoding: 'utf8' });
      assert.equal(within.status, 0, within.stderr);
      assert.match(within.stdout, /Within the bundle budget/);
      // Random bytes do not compress: 60 KB of them make the clinic page's own chunk too big.
      const random = Buffer.from(
        Array.from({ length: 60_000 }, () => Math.floor(Math.random() * 256)),
      );
      writeFileSync(path.join(dist, manifest[CLINIC].file), random);
      const over = spawnSync(process.execPath, [script, dist], { encoding: 'utf8' });
      assert.equal(over.status, 1);
      assert.match(over.stderr, /clinic-dashboard-page\.tsx: route chunk 6\d\.\d KB > 50\.0 KB/);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
