export * from './auth.ts';
export * from './organizations.ts';
export * from './patients.ts';
export * from './case-records.ts';
export * from './platform.ts';
export * from './limits.ts';
export * from './case-workflow.ts';
export * from './integrations.ts';
