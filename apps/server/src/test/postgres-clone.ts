import pg from 'pg';
import { withDatabase, type TestTemplate } from './test-template.ts';

export type PostgresTemplate = Extract<TestTemplate, { kind: 'postgres' }>;

export type ClonedDatabase = {
  databaseUrl: string;
  drop(): Promise<void>;
};

/**
 * A fresh PostgreSQL database cloned from the migrated, seeded template, for tests that run the
 * server outside the test process. Its name starts with the template's prefix, so the global
 * teardown drops it too if the test never gets to.
 */
export async function cloneTemplateDatabase(
  template: PostgresTemplate,
  suffix: string,
): Promise<ClonedDatabase> {
  const name = `${template.prefix}_${suffix}_${process.pid}`;
  await withAdmin(template, async (admin) => {
    // Clones starting at once in other workers can briefly hold the template: retry.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.templateDb}`);
        return;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + attempt * 50));
      }
    }
  });
  return {
    databaseUrl: withDatabase(template.serverUrl, name),
    drop: () =>
      withAdmin(template, async (admin) => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}

async function withAdmin(template: PostgresTemplate, task: (admin: pg.Client) => Promise<void>) {
  const admin = new pg.Client({ connectionString: template.serverUrl });
  await admin.connect();
  try {
    await task(admin);
  } finally {
    await admin.end();
  }
}
