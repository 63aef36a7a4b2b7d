import { describe, expect, it } from 'vitest';
import {
  CONTROL_CHARACTER_MESSAGE,
  findControlCharacter,
  findMalformedText,
  hasControlCharacter,
  MALFORMED_TEXT_MESSAGE,
} from './control-characters.ts';

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

describe('findMalformedText', () => {
  it('finds a lone surrogate, high or low, but takes a surrogate pair (an emoji)', () => {
    expect(findMalformedText({ reason: 'void \ud800 it' })).toEqual({
      path: ['reason'],
      message: MALFORMED_TEXT_MESSAGE,
    });
    expect(findMalformedText({ list: ['ok', 'end\udfff'] })).toEqual({
      path: ['list', 1],
      message: MALFORMED_TEXT_MESSAGE,
    });
    expect(findMalformedText({ reason: 'thanks 👍 \ud83d\ude00' })).toBeNull();
  });

  it('judges object keys too, and reports control characters first', () => {
    expect(findMalformedText({ ['bad\ud800']: 1 })).toEqual({
      path: [],
      message: MALFORMED_TEXT_MESSAGE,
    });
    expect(findMalformedText({ note: 'a\u0000\ud800' })).toEqual({
      path: ['note'],
      message: CONTROL_CHARACTER_MESSAGE,
    });
  });
});
