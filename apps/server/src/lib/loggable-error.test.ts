import { describe, expect, it } from 'vitest';
import { describeError, toLoggableError } from './loggable-error.ts';

describe('toLoggableError', () => {
  it('drops query parameters from the message, the stack and extra fields', () => {
    const error = Object.assign(
      new Error(
        'Failed query: insert into messages values ($1)\nparams: HIV-positive,Maria Delgado',
      ),
      {
        params: ['HIV-positive', 'Maria Delgado'],
        code: '22021',
      },
    );
    const loggable = toLoggableError(error);
    expect(JSON.stringify(loggable)).not.toContain('Maria');
    expect(JSON.stringify(loggable)).not.toContain('HIV');
    expect(loggable).toMatchObject({
      type: 'Error',
      code: '22021',
      message: 'Failed query: insert into messages values ($1)',
    });
    expect(loggable.stack.split('\n').every((frame) => frame.startsWith('    at '))).toBe(true);
  });

  it('keeps the cause without its parameters', () => {
    const error = new Error('outer', { cause: new TypeError('inner\nparams: secret') });
    expect(describeError(error)).toBe('Error: outer (cause: TypeError: inner)');
  });
});
