#!/usr/bin/env node
// The import boundaries that need a resolved path, which oxlint's pattern rules cannot see:
// a web feature importing another feature, a server module importing another module's queries,
// and a parent-relative import (`../`) in an app, where `#src/…` (each app's package.json
// `imports`) names the file from the app's src/ instead. The rules oxlint can express (components/lib → features, domain → apps, process.env,
// cycles) are in .oxlintrc.json. docs/architecture/code-layout-and-boundaries.md states all of them.
// Usage: node scripts/check-boundaries.mjs [root]  (root defaults to the repository).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const FEATURES = 'apps/web/src/features';
const MODULES = 'apps/server/src/modules';

// Static imports and re-exports (`import … from`, `export … from`, side-effect `import '…'`) start
// a line; dynamic `import('…')` may appear anywhere. Comment lines start with `//` or `*`, so a
// commented-out import does not match.
const SPECIFIER_PATTERNS = [
  /^\s*(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]/gm,
  /^\s*import\s*['"]([^'"]+)['"]/gm,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** Every specifier a file imports or re-exports from. */
export function listSpecifiers(text) {
  const found = [];
  for (const pattern of SPECIFIER_PATTERNS)
    for (const match of text.matchAll(pattern)) found.push(match[1]);
  return found;
}

function listFiles(root, dir) {
  const absolute = path.join(root, dir);
  let entries;
  try {
    entries = readdirSync(absolute);
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const relative = path.posix.join(dir, entry);
    if (entry === 'node_modules' || entry === 'dist') return [];
    if (statSync(path.join(root, relative)).isDirectory()) return listFiles(root, relative);
    return SOURCE.test(entry) ? [relative] : [];
  });
}

const APPS = ['apps/server', 'apps/web'];

/** The app (`apps/server` or `apps/web`) a repository path belongs to, else null. */
function appOf(file) {
  return APPS.find((app) => file.startsWith(`${app}/src/`)) ?? null;
}

/**
 * The repository-relative target of a relative or `#src/` specifier; package imports give null.
 */
function resolve(file, specifier) {
  const app = appOf(file);
  if (specifier.startsWith('#src/') && app !== null)
    return path.posix.normalize(`${app}/src/${specifier.slice('#src/'.length)}`);
  if (!specifier.startsWith('.')) return null;
  return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
}

/** `features/<name>` or `modules/<name>` of a repository path under `base`, else null. */
function partOf(base, file) {
  if (!file.startsWith(`${base}/`)) return null;
  const [name, ...rest] = file.slice(base.length + 1).split('/');
  return rest.length > 0 ? name : null;
}

const RULES = [
  ...APPS.map((app) => ({
    base: `${app}/src`,
    check(file, _from, _target, specifier) {
      if (!specifier.startsWith('../')) return null;
      const target = resolve(file, specifier);
      if (!target.startsWith(`${app}/src/`)) return null;
      return `${file} imports '${specifier}': name files outside the folder from the app's src/ as '#src/${target.slice(app.length + 5)}'`;
    },
  })),
  {
    base: FEATURES,
    check(file, from, target) {
      const to = partOf(FEATURES, target);
      if (to === null || to === from) return null;
      return `${file} imports features/${to}: features do not import each other; move the shared piece to lib/ or components/, or compose the two features in app/`;
    },
  },
  {
    // better-auth stays behind auth/ (ADR 0034): the rest of the server sees our session API.
    base: 'apps/server/src',
    packages: true,
    check(file, _from, _target, specifier) {
      if (!/^better-auth(\/|$)/.test(specifier) || file.startsWith('apps/server/src/auth/'))
        return null;
      return `${file} imports '${specifier}': only apps/server/src/auth/ uses better-auth; call its session functions instead`;
    },
  },
  {
    base: MODULES,
    check(file, from, target) {
      const to = partOf(MODULES, target);
      if (to === null || to === from || !/\.queries(\.ts)?$/.test(target)) return null;
      return `${file} imports ${target.slice('apps/server/src/'.length)}: a module never uses another module's queries; call modules/${to}'s service instead`;
    },
  },
  {
    // Routes parse, check the capability and call the service; only the service reaches the SQL.
    base: MODULES,
    check(file, _from, target) {
      if (!/[.-]routes\.ts$/.test(file) || !/\.queries(\.ts)?$/.test(target)) return null;
      return `${file} imports ${target}: a route calls its module's service, never queries`;
    },
  },
];

/**
 * The writers of a change's side effects. Only the Change's committer (change/change.ts) and
 * the files that define them call them: a service records its audit rows, activity, notifications,
 * mail, jobs and events on its Change (docs/architecture/the-change.md).
 */
const SIDE_EFFECT_WRITERS =
  /\b(writeAudit|writeAuditAndPublish|publishEvents?|recordActivit(?:y|ies)|notifyUsers|createNotifications|createNotificationBatch|insertNotifications|enqueueMail|enqueueJobs)\s*\(/;
const WRITER_HOMES = new Set([
  'apps/server/src/change/change.ts',
  'apps/server/src/events/outbox.ts',
  'apps/server/src/modules/audit/audit.service.ts',
  'apps/server/src/modules/activity/activity.service.ts',
  'apps/server/src/modules/notifications/notification-writes.ts',
  'apps/server/src/mail/mail-outbox.ts',
  'apps/server/src/jobs/job-queue.ts',
]);
/** Tests, their support files and the benches set up data as they need it. */
const isTestFile = (file) =>
  /\.test\.tsx?$|-test-support\.ts$|test-harness\.ts$|\/test\/|\/bench\//.test(file);

function findDirectWriters(root) {
  const messages = [];
  for (const file of listFiles(root, 'apps/server/src')) {
    if (WRITER_HOMES.has(file) || isTestFile(file)) continue;
    const code = readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .filter((line) => !/^\s*(\/\/|\*)/.test(line))
      .join('\n');
    const call = code.match(SIDE_EFFECT_WRITERS);
    if (call)
      messages.push(
        `${file} calls ${call[1]}: record it on the write's Change (change/change.ts), which writes it at the commit in the lock order`,
      );
  }
  return messages;
}

/** The boundary violations under `root`, one message each. */
export function findViolations(root) {
  const messages = findDirectWriters(root);
  for (const rule of RULES) {
    for (const file of listFiles(root, rule.base)) {
      const from = partOf(rule.base, file);
      const text = readFileSync(path.join(root, file), 'utf8');
      for (const specifier of listSpecifiers(text)) {
        const target = resolve(file, specifier);
        const message =
          target === null && !rule.packages ? null : rule.check(file, from, target, specifier);
        if (message) messages.push(message);
      }
    }
  }
  return messages;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(process.argv[1]), '..'));
  const messages = findViolations(root);
  for (const message of messages) console.error(`boundary: ${message}`);
  if (messages.length > 0) {
    console.error(
      `${messages.length} import boundary violation(s); see docs/architecture/code-layout-and-boundaries.md`,
    );
    process.exit(1);
  }
  console.log('Import boundaries hold.');
}
