import type { TestProject } from 'vitest/node';
import {
  createTestTemplate,
  destroyTestTemplate,
  getTestRedisUrl,
  getTestServerUrl,
  type TestTemplate,
} from './test-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplate: TestTemplate;
    /** The Redis server to test the shared stores against, when the run has one. */
    redisUrl: string;
  }
}

/** The project that runs on the embedded database whatever server the run names. */
export const PGLITE_PROJECT = 'server-pglite';

/**
 * Vitest global setup for integration tests: one seeded template for the whole run, on the
 * run's PostgreSQL server (TEST_DATABASE_URL) or on PGlite, which PGLITE_PROJECT always uses.
 */
export default async function setup(project: TestProject) {
  const template = await createTestTemplate(
    project.name === PGLITE_PROJECT ? undefined : getTestServerUrl(),
  );
  project.provide('testTemplate', template);
  project.provide('redisUrl', getTestRedisUrl() ?? '');
  return async () => {
    await destroyTestTemplate(template);
  };
}
