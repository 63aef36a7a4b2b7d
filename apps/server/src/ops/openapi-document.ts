// Writes the API contract (the document GET /api/openapi.json serves) to a file, from an app
// built on an empty in-memory PGlite that never listens: no data directory, no network.
// Usage: tsx apps/server/src/ops/openapi-document.ts <out.json> [server-url]
// (scripts/openapi-check.mjs runs it; the server URL defaults to http://localhost:3000).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createPglite } from '#src/db/client.ts';
import { parseEnv } from '#src/env.ts';
import { createServer } from '#src/server.ts';

/** The document as the app serves it; `appUrl` becomes its server URL. */
export async function buildOpenApiDocument(appUrl = 'http://localhost:3000'): Promise<unknown> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'casebridge-openapi-'));
  const server = await createServer({
    env: parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      APP_URL: appUrl,
      AUTH_SECRET: 'openapi-document-only-secret-0123456789',
      DOCUMENT_KEY: Buffer.alloc(32, 'openapi-document').toString('base64'),
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
    }),
    pglite: await createPglite('memory://'),
    logger: false,
  });
  try {
    await server.app.ready();
    return server.app.swagger();
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename;
if (isMain) {
  const [out, serverUrl] = process.argv.slice(2);
  if (!out) {
    console.error('Usage: tsx apps/server/src/ops/openapi-document.ts <out.json> [server-url]');
    process.exit(2);
  }
  const document = await buildOpenApiDocument(serverUrl);
  await writeFile(out, `${JSON.stringify(document, null, 2)}\n`);
  console.info(`OpenAPI document written to ${out}`);
}
