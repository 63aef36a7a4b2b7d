import { describe, expect, it } from 'vitest';
import { findControlCharacter, hasControlCharacter } from './control-characters.ts';

describe('hasControlCharacter', () => {
  it('finds NUL and other control characters anywhere in a body', () => {
    expect(hasControlCharacter({ body: 'fine\u0000' })).toBe(true);
    expect(hasControlCharacter({ list: ['a', { deep: 'x\u001b[31m' }] })).toBe(true);
  });

  it('allows tabs, new lines and ordinary text', () => {
    expect(
      hasControlCharacter({
        body: 'line one\nline two\r\n\ttabbed — ünïcödé',
        n: 3,
        ok: true,
        none: null,
      }),
    ).toBe(false);
  });
});

describe('findControlCharacter', () => {
  it('gives the path to the first string that holds one', () => {
    expect(findControlCharacter({ patient: { fullName: 'Ann\u0000' } })).toEqual([
      'patient',
      'fullName',
    ]);
    expect(findControlCharacter({ list: ['ok', 'bad\u0007'] })).toEqual(['list', 1]);
    expect(findControlCharacter('bad\u001b')).toEqual([]);
    expect(findControlCharacter({ body: 'fine\n\tok' })).toBeNull();
  });
});
