import { describe, expect, it } from 'vitest';
import { formatEtag, parseIfMatch } from './versioning.ts';

describe('parseIfMatch', () => {
  it('reads the version of a strong or weak ETag', () => {
    expect(parseIfMatch('"3"')).toBe(3);
    expect(parseIfMatch('W/"12"')).toBe(12);
    expect(parseIfMatch(formatEtag(7))).toBe(7);
  });

  it('is undefined without a header', () => {
    expect(parseIfMatch(undefined)).toBeUndefined();
    expect(parseIfMatch('  ')).toBeUndefined();
  });

  it('refuses anything that is not one version', () => {
    for (const header of ['*', '3', '"0"', '"3", "4"', '"abc"', '"99999999999"', '"-1"']) {
      expect(parseIfMatch(header)).toBeNull();
    }
  });
});
