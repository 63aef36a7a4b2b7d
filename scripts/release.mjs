#!/usr/bin/env node
// `npm run release`: builds release/casebridge-<version>-<platform>-<arch>.tar.gz, a directory an
// operator unpacks and runs with nothing else installed (docs/deployment.md):
//   bin/casebridge        the one entry point (start, migrate, create-admin, backup, …)
//   runtime/node          the Node.js the project runs on, from the npm registry (ADR 0038)
//   lib/server/           the server bundled by esbuild, with its migrations
//   web/dist, dist-server the built web app and its server-render module
//   node_modules/         the server's production dependencies, at the versions of package-lock.json
//   share/                the systemd unit and the reverse-proxy example
// `--skip-web-build` reuses apps/web/dist when the caller has just built it.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const run = (command, args, options = {}) =>
  execFileSync(command, args, { cwd: root, stdio: 'inherit', ...options });

const rootPackage = readJson('package.json');
const serverPackage = readJson('apps/server/package.json');
const domainPackage = readJson('packages/domain/package.json');
const lock = readJson('package-lock.json');
const version = rootPackage.version;
const platform = `${process.platform}-${process.arch}`;
const name = `casebridge-${version}`;
const releaseDir = path.join(root, 'release');
const stage = path.join(releaseDir, name);
const tarball = path.join(releaseDir, `${name}-${platform}.tar.gz`);
const commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root })
  .toString()
  .trim();

/** The commands of bin/casebridge, each a bundled entry point. */
const ENTRY_POINTS = {
  main: 'apps/server/src/main.ts',
  migrate: 'apps/server/src/ops/migrate.ts',
  'create-admin': 'apps/server/src/ops/create-admin.ts',
  backup: 'apps/server/src/ops/backup.ts',
  restore: 'apps/server/src/ops/restore.ts',
  import: 'apps/server/src/ops/import/run-import.ts',
  'audit-verify': 'apps/server/src/ops/verify-audit.ts',
  'rotate-document-key': 'apps/server/src/ops/rotate-document-key.ts',
};

/** What the bundle imports at run time: the server's and the domain's dependencies, not tsx. */
const WORKSPACE_PACKAGES = new Set(['@casebridge/domain']);
const BUILD_ONLY = new Set(['tsx']);
/** The version npm installed for the workspace: its own node_modules first, then the hoisted one. */
const lockedVersion = (workspace, dependency) =>
  lock.packages[`${workspace}/node_modules/${dependency}`]?.version ??
  lock.packages[`node_modules/${dependency}`]?.version;
const dependencies = Object.fromEntries(
  [
    ...Object.keys(serverPackage.dependencies).map((dependency) => ['apps/server', dependency]),
    ...Object.keys(domainPackage.dependencies).map((dependency) => ['packages/domain', dependency]),
  ]
    .filter(([, dependency]) => !WORKSPACE_PACKAGES.has(dependency) && !BUILD_ONLY.has(dependency))
    .toSorted(([, a], [, b]) => a.localeCompare(b))
    .map(([workspace, dependency]) => {
      const locked = lockedVersion(workspace, dependency);
      if (!locked) throw new Error(`${dependency} is not in package-lock.json: run npm install`);
      return [dependency, locked];
    }),
);

const step = (text) => console.log(`▶ ${text}`);
rmSync(stage, { recursive: true, force: true });
rmSync(tarball, { force: true });
mkdirSync(stage, { recursive: true });

if (!process.argv.includes('--skip-web-build') || !existsSync(path.join(root, 'apps/web/dist'))) {
  step('building the web app');
  run('npm', ['run', '-s', 'build']);
}
cpSync(path.join(root, 'apps/web/dist'), path.join(stage, 'web/dist'), { recursive: true });
cpSync(path.join(root, 'apps/web/dist-server'), path.join(stage, 'web/dist-server'), {
  recursive: true,
});

step(`bundling the server (${Object.keys(ENTRY_POINTS).length} entry points)`);
const serverOut = path.join(stage, 'lib/server');
await build({
  entryPoints: ENTRY_POINTS,
  outdir: serverOut,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  // Our own code and the domain package are bundled; every npm package is loaded from node_modules.
  plugins: [
    {
      name: 'dependencies-stay-external',
      setup(builder) {
        builder.onResolve({ filter: /^[^./#]/ }, (args) => {
          const packageName = args.path.split('/').slice(0, args.path.startsWith('@') ? 2 : 1);
          if (WORKSPACE_PACKAGES.has(packageName.join('/'))) return undefined;
          return { path: args.path, external: true };
        });
      },
    },
  ],
  define: { CASEBRIDGE_RELEASE_COMMIT: JSON.stringify(commit) },
});
// client.ts finds its migrations beside itself (import.meta.url), now the bundle's directory.
cpSync(path.join(root, 'apps/server/src/db/migrations'), path.join(serverOut, 'migrations'), {
  recursive: true,
});

step('installing the production dependencies');
writeFileSync(
  path.join(stage, 'package.json'),
  JSON.stringify(
    {
      name: 'casebridge',
      version,
      private: true,
      type: 'module',
      description: rootPackage.description,
      engines: rootPackage.engines,
      dependencies,
    },
    null,
    2,
  ) + '\n',
);
run(
  'npm',
  ['install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'],
  {
    cwd: stage,
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);

step('adding the runtime, the entry point and the service files');
const nodeBinary = path.join(root, 'node_modules/node/bin/node');
mkdirSync(path.join(stage, 'runtime'));
cpSync(nodeBinary, path.join(stage, 'runtime/node'));
chmodSync(path.join(stage, 'runtime/node'), 0o755);
cpSync(path.join(root, 'deploy/casebridge'), path.join(stage, 'bin/casebridge'));
chmodSync(path.join(stage, 'bin/casebridge'), 0o755);
cpSync(path.join(root, 'deploy/casebridge.service'), path.join(stage, 'share/casebridge.service'));
cpSync(path.join(root, 'deploy/nginx.conf'), path.join(stage, 'share/nginx.conf'));
cpSync(path.join(root, '.env.example'), path.join(stage, 'share/casebridge.env.example'));
writeFileSync(
  path.join(stage, 'VERSION'),
  `${version} ${commit} node ${execFileSync(nodeBinary, ['--version']).toString().trim()}\n`,
);

step(`packing ${path.relative(root, tarball)}`);
run('tar', ['-czf', tarball, '-C', releaseDir, name]);
rmSync(stage, { recursive: true, force: true });
console.log(`Release: ${path.relative(root, tarball)}`);
