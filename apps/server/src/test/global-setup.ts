import type { TestProject } from 'vitest/node';
import {
  createTestTemplate,
  destroyTestTemplate,
  getTestRedisUrl,
  type TestTemplate,
} from './test-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplate: TestTemplate;
    /** The Redis server to test the shared stores against, when the run has one. */
    redisUrl: string;
  }
}

/** Vitest global setup for integration tests: one seeded template for the whole run. */
export default async function setup(project: TestProject) {
  const template = await createTestTemplate();
  project.provide('testTemplate', template);
  project.provide('redisUrl', getTestRedisUrl() ?? '');
  return async () => {
    await destroyTestTemplate(template);
  };
}
