import { describe, expect, it } from 'vitest';
import { hasControlCharacter } from './control-characters.ts';

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
