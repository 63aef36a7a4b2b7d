import { describe, expect, it } from 'vitest';
import { toFieldName, toValidationDetails } from './error-handler.ts';

describe('toFieldName', () => {
  it('names nested fields with dots and list items with brackets', () => {
    expect(toFieldName(['patient', 'dob'], 'body')).toBe('patient.dob');
    expect(toFieldName(['clinicIds', 0], 'body')).toBe('clinicIds[0]');
    expect(toFieldName(['lines', '2', 'amount'], 'body')).toBe('lines[2].amount');
  });

  it('names the part itself when the whole of it is at fault', () => {
    expect(toFieldName([], 'body')).toBe('body');
    expect(toFieldName([], 'query')).toBe('query');
  });
});

describe('toValidationDetails', () => {
  it('turns each zod issue into a field, where it was sent and the message', () => {
    expect(
      toValidationDetails(
        [
          { instancePath: '/dob', message: 'Date of birth is required' },
          { instancePath: '/clinicIds/0', message: 'Invalid UUID' },
        ],
        'body',
      ),
    ).toEqual([
      { field: 'dob', location: 'body', message: 'Date of birth is required' },
      { field: 'clinicIds[0]', location: 'body', message: 'Invalid UUID' },
    ]);
  });

  it('says query for the querystring and names each unknown key', () => {
    expect(
      toValidationDetails([{ instancePath: '/limit', message: 'Too big' }], 'querystring'),
    ).toEqual([{ field: 'limit', location: 'query', message: 'Too big' }]);
    expect(
      toValidationDetails(
        [{ instancePath: '/', message: 'Unrecognized keys', params: { keys: ['foo', 'bar'] } }],
        'body',
      ),
    ).toEqual([
      { field: 'foo', location: 'body', message: 'Unknown field' },
      { field: 'bar', location: 'body', message: 'Unknown field' },
    ]);
  });

  it('names the part when the issue is about all of it', () => {
    expect(
      toValidationDetails([{ instancePath: '/', message: 'Expected object' }], 'body'),
    ).toEqual([{ field: 'body', location: 'body', message: 'Expected object' }]);
  });
});
