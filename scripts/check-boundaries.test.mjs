// Proves the import boundaries of docs/architecture/code-layout-and-boundaries.md fail `npm run lint`: one wrong import of
// each kind is planted in a temporary copy of the sources (never in the working tree), and
// oxlint (.oxlintrc.json) or scripts/check-boundaries.mjs must refuse it with the message that
// says what to do instead. Likewise a copied file must fail the copy-paste check (.jscpd.json). Run by `npm test` (scripts/test.mjs): node --test <this file>.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { findViolations, listSpecifiers } from './check-boundaries.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const oxlint = path.join(root, 'node_modules', '.bin', 'oxlint');
const checker = path.join(root, 'scripts', 'check-boundaries.mjs');
const jscpd = path.join(root, 'node_modules', '.bin', 'jscpd');
const SOURCES = ['apps/web/src', 'apps/server/src', 'packages/domain/src'];
/** The rules that hold the boundaries; other lint findings are not this test's business. */
const BOUNDARY_RULES = new Set([
  'eslint(no-restricted-imports)',
  'eslint(no-restricted-properties)',
  'import(no-cycle)',
]);

/** One wrong import of each kind: the file to add and what must be said about it. */
const PLANTED = [
  {
    file: 'apps/web/src/lib/planted-lib.ts',
    text: "export { usePatient } from '#src/features/patients/api/patients-api.ts';\n",
    oxlint: 'shared pieces belong in lib/ or components/, or compose them in app/',
  },
  {
    file: 'apps/web/src/components/ui/planted-component.tsx',
    text: "import { BillingTab } from '#src/features/billing/components/billing-tab.tsx';\nexport const Planted = BillingTab;\n",
    oxlint: 'shared pieces belong in lib/ or components/, or compose them in app/',
  },
  {
    file: 'apps/web/src/features/billing/components/planted-feature.tsx',
    text: "import { DocumentsTab } from '#src/features/documents/components/documents-tab.tsx';\nexport const Planted = DocumentsTab;\n",
    checker:
      'apps/web/src/features/billing/components/planted-feature.tsx imports features/documents: features do not import each other; move the shared piece to lib/ or components/, or compose the two features in app/',
  },
  {
    file: 'apps/server/src/modules/billing/planted-module.ts',
    text: "export { getPatientStats } from '#src/modules/patients/patients.queries.ts';\n",
    checker:
      "apps/server/src/modules/billing/planted-module.ts imports modules/patients/patients.queries.ts: a module never uses another module's queries; call modules/patients's service instead",
  },
  {
    file: 'apps/server/src/modules/patients/planted.routes.ts',
    text: "export { getPatientStats } from './patients.queries.ts';\n",
    checker:
      "apps/server/src/modules/patients/planted.routes.ts imports apps/server/src/modules/patients/patients.queries.ts: a route calls its module's service, never queries",
  },
  {
    file: 'apps/server/src/modules/billing/planted-relative.ts',
    text: "export { AppError } from '../../lib/app-error.ts';\n",
    checker:
      "apps/server/src/modules/billing/planted-relative.ts imports '../../lib/app-error.ts': name files outside the folder from the app's src/ as '#src/lib/app-error.ts'",
  },
  {
    file: 'apps/web/src/features/billing/components/planted-relative.tsx',
    text: "export { apiFetch } from '../../../lib/api-client.ts';\n",
    checker:
      "apps/web/src/features/billing/components/planted-relative.tsx imports '../../../lib/api-client.ts': name files outside the folder from the app's src/ as '#src/lib/api-client.ts'",
  },
  {
    file: 'apps/server/src/modules/billing/planted-writer.ts',
    text: "import { publishEvent } from '#src/events/outbox.ts';\nexport const planted = (db) => publishEvent(db, { topic: 'billing.created' });\n",
    checker:
      "apps/server/src/modules/billing/planted-writer.ts calls publishEvent: record it on the write's Change (change/change.ts), which writes it at the commit in the lock order",
  },
  {
    file: 'apps/server/src/modules/users/planted-auth.ts',
    text: "export { betterAuth } from 'better-auth';\n",
    checker:
      "apps/server/src/modules/users/planted-auth.ts imports 'better-auth': only apps/server/src/auth/ uses better-auth; call its session functions instead",
  },
  {
    file: 'apps/server/src/lib/planted-env.ts',
    text: 'export const planted = process.env.PLANTED;\n',
    oxlint: 'Only apps/server/src/env.ts reads process.env',
  },
  {
    file: 'packages/domain/src/planted-domain.ts',
    text: "export type { Actor } from '../../../apps/server/src/lib/actor.ts';\n",
    oxlint: 'packages/domain is pure and imports nothing from apps/',
  },
  // A cycle in each tree: two files that import each other.
  ...['apps/web/src/lib', 'apps/server/src/lib', 'packages/domain/src'].flatMap((dir) => [
    {
      file: `${dir}/planted-cycle-a.ts`,
      text: "import { b } from './planted-cycle-b.ts';\nexport const a = () => b;\n",
      oxlint: 'Dependency cycle detected',
    },
    {
      file: `${dir}/planted-cycle-b.ts`,
      text: "import { a } from './planted-cycle-a.ts';\nexport const b = () => a;\n",
      oxlint: 'Dependency cycle detected',
    },
  ]),
];

let copy;

/** The boundary findings of oxlint with the repository's configuration, over `dir`. */
function lintBoundaries(dir) {
  cpSync(path.join(root, '.oxlintrc.json'), path.join(dir, '.oxlintrc.json'));
  const result = spawnSync(oxlint, ['-c', '.oxlintrc.json', '-f', 'json', 'apps', 'packages'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const { diagnostics } = JSON.parse(result.stdout);
  return diagnostics
    .filter((diagnostic) => BOUNDARY_RULES.has(diagnostic.code))
    .map((diagnostic) => ({
      file: diagnostic.filename,
      text: `${diagnostic.message} ${diagnostic.help ?? ''}`,
    }));
}

before(() => {
  copy = mkdtempSync(path.join(os.tmpdir(), 'casebridge-boundaries-'));
  for (const source of SOURCES)
    cpSync(path.join(root, source), path.join(copy, source), {
      recursive: true,
      filter: (name) => !/[\\/](node_modules|dist)$/.test(name),
    });
});

after(() => rmSync(copy, { recursive: true, force: true }));

describe('import boundaries', () => {
  // oxlint's own run over the clean tree is `npm run lint`'s; the planted run below shows it
  // reports nothing but the planted files.
  it('hold on the clean tree', () => {
    assert.deepEqual(findViolations(root), []);
  });

  it('refuse a planted wrong import of each kind, saying what to do instead', () => {
    for (const planted of PLANTED) {
      mkdirSync(path.dirname(path.join(copy, planted.file)), { recursive: true });
      writeFileSync(path.join(copy, planted.file), planted.text);
    }

    const lintFindings = lintBoundaries(copy);
    const checkerFindings = findViolations(copy);
    for (const planted of PLANTED) {
      if (planted.oxlint) {
        const found = lintFindings.filter((finding) => finding.file === planted.file);
        assert.ok(
          found.some((finding) => finding.text.includes(planted.oxlint)),
          `${planted.file}: expected "${planted.oxlint}", oxlint said ${JSON.stringify(found)}`,
        );
      } else {
        assert.ok(checkerFindings.includes(planted.checker), checkerFindings.join('\n'));
      }
    }
    // Nothing but the planted files is reported.
    const reported = new Set([
      ...lintFindings.map((finding) => finding.file),
      ...checkerFindings.map((message) => message.split(' ')[0]),
    ]);
    assert.deepEqual([...reported].toSorted(), PLANTED.map((planted) => planted.file).toSorted());

    // The command `npm run lint` chains fails too, with the message on stderr.
    const cli = spawnSync(process.execPath, [checker, copy], { encoding: 'utf8' });
    assert.equal(cli.status, 1);
    assert.match(cli.stderr, /features do not import each other/);
  });
});

describe('copy-paste check', () => {
  /** jscpd with the repository's configuration over a copy of the sources: exit code and output. */
  function runJscpd(dir) {
    cpSync(path.join(root, '.jscpd.json'), path.join(dir, '.jscpd.json'));
    const result = spawnSync(jscpd, ['--config', '.jscpd.json', '--noTips'], {
      cwd: dir,
      encoding: 'utf8',
    });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  }

  // `npm run lint` runs jscpd over the whole tree, so the clean sources are its business; here
  // the configuration must catch one copied file beside its original.
  it('fails a copied file', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'casebridge-copies-'));
    try {
      const original = 'apps/server/src/lib/idempotency.ts';
      const copied = 'apps/server/src/lib/planted-copy.ts';
      mkdirSync(path.join(dir, path.dirname(original)), { recursive: true });
      // The configuration's other folders, empty here.
      for (const folder of ['packages', 'e2e']) mkdirSync(path.join(dir, folder));
      cpSync(path.join(root, original), path.join(dir, original));
      assert.equal(runJscpd(dir).status, 0);

      writeFileSync(path.join(dir, copied), readFileSync(path.join(root, original), 'utf8'));
      const { status, output } = runJscpd(dir);
      assert.equal(status, 1);
      assert.match(output, /planted-copy\.ts/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('listSpecifiers', () => {
  it('finds imports, re-exports, side-effect and dynamic imports, not commented ones', () => {
    const text = [
      "import type { A } from './a.ts';",
      'import {',
      '  b,',
      "} from './b.ts';",
      "export * from './c.ts';",
      "import './d.css';",
      "const e = await import('./e.ts');",
      "// import { f } from './f.ts';",
      " * import { g } from './g.ts';",
    ].join('\n');
    assert.deepEqual(listSpecifiers(text).toSorted(), [
      './a.ts',
      './b.ts',
      './c.ts',
      './d.css',
      './e.ts',
    ]);
  });
});
