import type { TestProject } from 'vitest/node';
import { createTestTemplate, destroyTestTemplate, type TestTemplate } from './test-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplate: TestTemplate;
  }
}

/** Vitest global setup for integration tests: one seeded template for the whole run. */
export default async function setup(project: TestProject) {
  const template = await createTestTemplate();
  project.provide('testTemplate', template);
  return async () => {
    await destroyTestTemplate(template);
  };
}
