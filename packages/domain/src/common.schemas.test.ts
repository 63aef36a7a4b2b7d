import { describe, expect, it } from 'vitest';
import { optionalText, requiredText } from './common.schemas.ts';

describe('requiredText', () => {
  const schema = requiredText('Name is required', 5);

  it('trims the value', () => {
    expect(schema.parse('  Ann  ')).toBe('Ann');
  });

  it.each([[''], ['   '], [undefined], [null]])('reads the one message for %j', (value) => {
    const result = schema.safeParse(value);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Name is required']);
  });

  it('keeps the maximum length', () => {
    expect(schema.safeParse('abcdef').success).toBe(false);
  });
});

describe('optionalText', () => {
  const schema = optionalText(5);

  it.each([[''], ['   '], [undefined], [null]])('turns %j into null', (value) => {
    expect(schema.parse(value)).toBeNull();
  });

  it('trims a value and keeps the maximum length', () => {
    expect(schema.parse(' ab ')).toBe('ab');
    expect(schema.safeParse('abcdef').success).toBe(false);
  });
});
