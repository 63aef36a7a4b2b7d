import { DEMO_PASSWORD } from '@casebridge/domain/constants';
import { DEMO_USERS } from './db/seed/demo-data.ts';
import { seedDemoData } from './db/seed/seed-demo.ts';
import { parseEnv } from './env.ts';
import { createServer } from './server.ts';

const env = parseEnv();
const server = await createServer({ env });
const { app, context } = server;

if (env.seedDemo) {
  const result = await seedDemoData(context.db, context.storage, { onlyIfEmpty: true });
  if (result.seeded) app.log.info('Seeded demo data');
}

await app.listen({ port: env.port, host: env.host });

const shownHost = env.host === '0.0.0.0' || env.host === '127.0.0.1' ? 'localhost' : env.host;
const lines = [
  '',
  `CaseBridge is running at http://${shownHost}:${env.port}`,
  `Database: ${context.database.kind === 'pglite' ? `embedded PGlite in ${env.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
];
if (env.seedDemo) {
  lines.push(`Demo accounts (password: ${DEMO_PASSWORD}):`);
  for (const user of DEMO_USERS.slice(0, 6)) lines.push(`  ${user.email.padEnd(22)} ${user.role}`);
}
console.info(lines.join('\n') + '\n');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server
      .close()
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  });
}
