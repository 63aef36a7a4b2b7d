#!/usr/bin/env node
// The API contract's check (docs/architecture.md, 'The API contract'), run by `npm run
// openapi:check` and by scripts/test.mjs:
//   1. build the app on an in-memory PGlite, without listening, and write its OpenAPI document
//      (apps/server/src/ops/openapi-document.ts) to a temporary directory;
//   2. lint it with Redocly's recommended ruleset (redocly.yaml): any error fails;
//   3. generate `paths` types with openapi-typescript (binary strings as Blob);
//   4. type-check scripts/openapi-client/client.check.ts, an openapi-fetch client, against them.
// Exits 0 only when every step passes. `--keep` leaves the temporary directory for a look.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const keep = process.argv.includes('--keep');
const dir = mkdtempSync(path.join(os.tmpdir(), 'casebridge-openapi-check-'));
const documentFile = path.join(dir, 'openapi.json');
const typesFile = path.join(dir, 'openapi-paths.d.ts');

function run(label, command, args) {
  console.log(`\n── ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n✗ ${label} failed (exit ${result.status ?? result.signal})`);
    return false;
  }
  return true;
}

/** openapi-typescript's Node API, with `format: binary` typed as Blob (upload and download). */
async function generateTypes() {
  console.log(`\n── generate types: openapi-typescript ${documentFile}`);
  // openapi-typescript and its TypeScript live in the server workspace (package.json there).
  const requireFromServer = createRequire(path.join(root, 'apps/server/package.json'));
  const load = async (name) => import(pathToFileURL(requireFromServer.resolve(name)).href);
  // Both resolve to CommonJS builds: their exports arrive under `default`.
  const { default: openapiTypescript } = await load('openapi-typescript');
  const { default: ts } = await load('typescript');
  const { default: openapiTS, astToString } = openapiTypescript;
  const blob = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));
  const ast = await openapiTS(pathToFileURL(documentFile), {
    transform(schema) {
      if (schema.format === 'binary')
        return schema.nullable
          ? ts.factory.createUnionTypeNode([
              blob,
              ts.factory.createLiteralTypeNode(ts.factory.createNull()),
            ])
          : blob;
      return undefined;
    },
  });
  writeFileSync(typesFile, astToString(ast));
  return true;
}

function typeCheckClient() {
  const tsconfig = path.join(dir, 'tsconfig.json');
  writeFileSync(
    tsconfig,
    JSON.stringify(
      {
        extends: path.join(root, 'tsconfig.base.json'),
        compilerOptions: {
          types: ['node'],
          typeRoots: [path.join(root, 'node_modules/@types')],
          paths: { 'casebridge-openapi-paths': [typesFile] },
        },
        files: [path.join(root, 'scripts/openapi-client/client.check.ts'), typesFile],
      },
      null,
      2,
    ),
  );
  return run('type-check the client', 'npx', ['tsc', '-p', tsconfig]);
}

let ok = false;
try {
  ok =
    run('build the document', 'npx', [
      'tsx',
      'apps/server/src/ops/openapi-document.ts',
      documentFile,
    ]) &&
    run('lint (Redocly recommended)', 'npx', [
      'redocly',
      'lint',
      documentFile,
      '--config',
      path.join(root, 'redocly.yaml'),
      '--format',
      'summary',
    ]) &&
    (await generateTypes()) &&
    typeCheckClient();
} catch (error) {
  console.error(error);
  ok = false;
} finally {
  if (keep) console.log(`\n(kept ${dir})`);
  else rmSync(dir, { recursive: true, force: true });
}
console.log(
  ok ? '\n✓ OpenAPI contract: lint, types and client pass' : '\n✗ OpenAPI contract check failed',
);
process.exit(ok ? 0 : 1);
