/**
 * The front-end figures of the benchmark suite: the web app's JavaScript per page and per route
 * chunk (scripts/check-bundle-budget.mjs computes them from Vite's manifest; this only loads it)
 * and Lighthouse's mobile run (the default config: simulated mid-range phone on slow 4G) on
 * Debian's Chromium, the median of several runs per page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { now, sleep } from './fanout-clock.ts';
import { getFreePort, REPO_ROOT } from './fanout-target.ts';

export type BundleRow = {
  kind: 'page' | 'route chunk' | 'lazy chunk';
  name: string;
  files: number;
  bytes: number;
  /** What the budget script holds the row to (none for a lazy chunk that is not a route). */
  limit: number | null;
};

type BudgetModule = {
  LIMITS: { pageBytes: number; routeChunkBytes: number };
  checkBudget(
    manifest: unknown,
    gzipBytes: (file: string) => number,
  ): { rows: BundleRow[]; failures: string[] };
};

/** Builds the web app into `outDir` with the production config (manifest, precompressed copies). */
export async function buildWeb(outDir: string): Promise<void> {
  const child = spawn(
    process.execPath,
    [path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir],
    { cwd: path.join(REPO_ROOT, 'apps/web'), stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const errors: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => errors.push(chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`web build failed (${code}): ${errors.join('').slice(-2_000)}`);
}

/** Each budgeted page's initial JavaScript and each lazy chunk, gzip bytes (level 9). */
export async function measureBundles(dist: string): Promise<BundleRow[]> {
  // scripts/ is outside the server's source tree: loaded by its path, not a relative import.
  const budget = (await import(
    pathToFileURL(path.join(REPO_ROOT, 'scripts/check-bundle-budget.mjs')).href
  )) as BudgetModule;
  const manifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
  const sizes = new Map<string, number>();
  for (const chunk of Object.values(manifest as Record<string, { file: string }>))
    sizes.set(
      chunk.file,
      gzipSync(await readFile(path.join(dist, chunk.file)), { level: 9 }).length,
    );
  return budget.checkBudget(manifest, (file) => sizes.get(file) ?? 0).rows;
}

export type LighthouseFigures = {
  url: string;
  runs: number;
  performance: number;
  accessibility: number;
  lcpMs: number;
  /** Every run's performance score, so the spread is visible. */
  performanceRuns: number[];
};

/** Debian's Chromium, headless, with a DevTools port for Lighthouse. */
async function launchChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  const port = await getFreePort();
  const profile = await mkdtemp(path.join(os.tmpdir(), 'casebridge-bench-chromium-'));
  const child: ChildProcess = spawn(
    '/usr/bin/chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${profile}`,
      `--remote-debugging-port=${port}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const deadline = now() + 20_000;
  while (
    !(await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error('Chromium did not open its DevTools port');
    }
    await sleep(200);
  }
  return {
    port,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(5_000)]);
      child.kill('SIGKILL');
      await rm(profile, { recursive: true, force: true });
    },
  };
}

const median = (values: readonly number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

/**
 * Lighthouse's default (mobile) run of each page `runs` times; the reported run is the one with
 * the median performance score. `cookie`, when given, is sent with every request (signed in).
 */
export async function runLighthouse(
  pages: Array<{ url: string; cookie?: string }>,
  runs: number,
): Promise<LighthouseFigures[]> {
  const chromium = await launchChromium();
  try {
    const results: LighthouseFigures[] = [];
    for (const page of pages) {
      const samples: Array<{ performance: number; accessibility: number; lcpMs: number }> = [];
      // A run Lighthouse itself gives up on (a trace it could not record) is made again, twice.
      const failures: string[] = [];
      while (samples.length < runs && failures.length <= 2) {
        const result = await lighthouse(page.url, {
          port: chromium.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          extraHeaders: page.cookie ? { Cookie: page.cookie } : null,
        });
        const lhr = result?.lhr;
        if (!lhr || lhr.runtimeError) {
          failures.push(lhr?.runtimeError?.message ?? 'no result');
          continue;
        }
        if (lhr.finalDisplayedUrl !== page.url)
          console.warn(`Lighthouse: ${page.url} ended at ${lhr.finalDisplayedUrl}`);
        samples.push({
          performance: (lhr.categories.performance?.score ?? Number.NaN) * 100,
          accessibility: (lhr.categories.accessibility?.score ?? Number.NaN) * 100,
          lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        });
      }
      if (samples.length === 0)
        throw new Error(`Lighthouse on ${page.url}: ${failures.join('; ')}`);
      const middle = median(samples.map((sample) => sample.performance));
      const chosen = samples.find((sample) => sample.performance === middle) ?? samples[0]!;
      results.push({
        url: page.url,
        runs: samples.length,
        ...chosen,
        performanceRuns: samples.map((sample) => sample.performance),
      });
    }
    return results;
  } finally {
    await chromium.stop();
  }
}
