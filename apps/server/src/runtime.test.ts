import { describe, expect, it } from 'vitest';
import { REQUIRED_NODE_MAJOR, unsupportedRuntime } from './runtime.ts';

describe('unsupportedRuntime', () => {
  it('accepts Node 24 and newer', () => {
    expect(unsupportedRuntime('24.0.0')).toBeNull();
    expect(unsupportedRuntime('26.1.0')).toBeNull();
  });

  it('refuses an older Node, saying how to run on the right one', () => {
    expect(unsupportedRuntime('20.20.2')).toBe(
      `CaseBridge needs Node.js ${REQUIRED_NODE_MAJOR} or newer, and this is Node.js 20.20.2. Run it through npm (npm start, npm run <command>), which uses the Node.js ${REQUIRED_NODE_MAJOR} that npm install put in node_modules/.bin.`,
    );
  });

  it('holds for the Node the tests run on', () => {
    expect(unsupportedRuntime()).toBeNull();
  });
});
