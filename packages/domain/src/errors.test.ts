import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readErrorBody, tooManyAttemptsMessage, ZErrorBody } from './errors.ts';

describe('tooManyAttemptsMessage', () => {
  it('says when to try again in whole minutes, rounded up', () => {
    expect(tooManyAttemptsMessage(1)).toBe('Too many attempts. Try again in 1 minute.');
    expect(tooManyAttemptsMessage(60)).toBe('Too many attempts. Try again in 1 minute.');
    expect(tooManyAttemptsMessage(61)).toBe('Too many attempts. Try again in 2 minutes.');
    expect(tooManyAttemptsMessage(3_600)).toBe('Too many attempts. Try again in 60 minutes.');
  });
});

describe('readErrorBody', () => {
  const viaSchema = (payload: unknown) => ZErrorBody.safeParse(payload).data ?? null;

  it('reads what ZErrorBody reads, dropping extra keys as it does', () => {
    const body = { error: { code: 'CONFLICT', message: 'Stale', extra: 1 }, current: { id: 'x' } };
    expect(readErrorBody(body)).toEqual({ error: { code: 'CONFLICT', message: 'Stale' } });
    expect(readErrorBody(body)).toEqual(viaSchema(body));
  });

  it('refuses what ZErrorBody refuses', () => {
    for (const payload of [
      null,
      'error',
      [],
      { error: null },
      { error: 'CONFLICT' },
      { error: { code: 'CONFLICT' } },
      { error: { code: 409, message: 'Stale' } },
      { error: { code: 'CONFLICT', message: null } },
    ]) {
      expect(readErrorBody(payload)).toBeNull();
      expect(viaSchema(payload)).toBeNull();
    }
  });

  it('reads the details of a refused request, dropping extra keys as ZErrorBody does', () => {
    const body = {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'dob: Invalid date',
        details: [{ field: 'dob', location: 'body', message: 'Invalid date', extra: true }],
      },
    };
    const read = {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'dob: Invalid date',
        details: [{ field: 'dob', location: 'body', message: 'Invalid date' }],
      },
    };
    expect(readErrorBody(body)).toEqual(read);
    expect(viaSchema(body)).toEqual(read);
    for (const details of [null, 'dob', [null], [{ field: 'dob', message: 'x' }], [[]]]) {
      const refused = { error: { code: 'VALIDATION_FAILED', message: 'x', details } };
      expect(readErrorBody(refused)).toBeNull();
      expect(viaSchema(refused)).toBeNull();
    }
  });

  it('agrees with ZErrorBody on any JSON value and on near-miss bodies', () => {
    const field = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.constant(undefined));
    const detail = fc.oneof(
      fc.record(
        {
          field,
          location: fc.oneof(fc.constantFrom('body', 'query', 'params', 'headers'), field),
          message: field,
        },
        { requiredKeys: [] },
      ),
      fc.jsonValue(),
    );
    const details = fc.oneof(fc.array(detail, { maxLength: 3 }), fc.jsonValue());
    const nearMiss = fc.record(
      {
        error: fc.oneof(
          fc.record({ code: field, message: field }),
          fc.record({ code: fc.string(), message: fc.string(), details }, { requiredKeys: [] }),
          fc.jsonValue(),
        ),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), nearMiss), (payload) => {
        expect(readErrorBody(payload)).toEqual(viaSchema(payload));
      }),
    );
  });
});
