import { describe, expect, it } from 'vitest';
import {
  decodePatientCursor,
  encodePatientCursor,
  type TPatientCursor,
} from './patient.schemas.ts';
import { MAX_SEARCH_WORDS, parsePatientSearch } from './patient-search.ts';

describe('parsePatientSearch', () => {
  it('takes name words in any order and case, without commas or stray punctuation', () => {
    expect(parsePatientSearch('Whitfield, James')).toEqual({
      words: ['whitfield', 'james'],
      dob: null,
    });
    expect(parsePatientSearch('  jam   whit ')).toEqual({ words: ['jam', 'whit'], dob: null });
    expect(parsePatientSearch('"O\'Brien" J.').words).toEqual(["o'brien", 'j']);
    expect(parsePatientSearch('smith-jones').words).toEqual(['smith-jones']);
  });

  it('keeps LIKE wildcards as typed: the server escapes them', () => {
    expect(parsePatientSearch('%').words).toEqual(['%']);
    expect(parsePatientSearch('a_b').words).toEqual(['a_b']);
  });

  it('reads a year, a month and a day of birth in the forms people type', () => {
    expect(parsePatientSearch('1979').dob).toEqual({ from: '1979-01-01', to: '1979-12-31' });
    expect(parsePatientSearch('11/02/1979').dob).toEqual({ from: '1979-11-02', to: '1979-11-02' });
    expect(parsePatientSearch('11/2/1979').dob).toEqual({ from: '1979-11-02', to: '1979-11-02' });
    expect(parsePatientSearch('1979-11-02').dob).toEqual({ from: '1979-11-02', to: '1979-11-02' });
    expect(parsePatientSearch('02/1980').dob).toEqual({ from: '1980-02-01', to: '1980-02-29' });
    expect(parsePatientSearch('whitfield 1979')).toEqual({
      words: ['whitfield'],
      dob: { from: '1979-01-01', to: '1979-12-31' },
    });
  });

  it('treats impossible dates and other numbers as words, and narrows two dates', () => {
    expect(parsePatientSearch('02/30/1979')).toEqual({ words: ['02/30/1979'], dob: null });
    expect(parsePatientSearch('123').words).toEqual(['123']);
    expect(parsePatientSearch('1979 11/02/1979').dob).toEqual({
      from: '1979-11-02',
      to: '1979-11-02',
    });
    const apart = parsePatientSearch('1979 1980').dob!;
    expect(apart.from > apart.to).toBe(true);
  });

  it('counts at most MAX_SEARCH_WORDS distinct words', () => {
    const text = Array.from({ length: 20 }, (_, index) => `w${index}`).join(' ');
    expect(parsePatientSearch(text).words).toHaveLength(MAX_SEARCH_WORDS);
    expect(parsePatientSearch('ann ann ANN').words).toEqual(['ann']);
  });
});

describe('patient list cursors', () => {
  const id = '0b6f6c55-8a3c-4c43-9b5e-2f7d9a3e1c11';
  const cursors: TPatientCursor[] = [
    { sort: 'last_updated', updatedAt: '2026-11-23T02:52:59.123456Z', direction: 'after', id },
    { sort: 'name', nameKey: 'josé núñez', direction: 'before', id },
    {
      sort: 'status',
      statusKey: -3,
      updatedAt: '2026-11-23T02:52:59.000001Z',
      direction: 'after',
      id,
    },
  ];

  it('round-trips through an opaque URL-safe text, standard base64url', () => {
    for (const cursor of cursors) {
      const text = encodePatientCursor(cursor);
      expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodePatientCursor(text)).toEqual(cursor);
    }
  });

  it('is standard base64url of the JSON', () => {
    expect(encodePatientCursor(cursors[0]!)).toBe(
      'eyJzb3J0IjoibGFzdF91cGRhdGVkIiwidXBkYXRlZEF0IjoiMjAyNi0xMS0yM1QwMjo1Mjo1OS4xMjM0NTZaIiwiZGlyZWN0aW9uIjoiYWZ0ZXIiLCJpZCI6IjBiNmY2YzU1LThhM2MtNGM0My05YjVlLTJmN2Q5YTNlMWMxMSJ9',
    );
  });

  it('refuses text that is not a cursor the server made', () => {
    const forged = (value: unknown) => encodePatientCursor(value as TPatientCursor);
    expect(decodePatientCursor('not-base64!')).toBeNull();
    expect(decodePatientCursor(forged({ sort: 'name', direction: 'after', id }))).toBeNull();
    expect(
      decodePatientCursor(forged({ ...cursors[0], updatedAt: "2026-01-01'; drop table x" })),
    ).toBeNull();
    expect(decodePatientCursor(forged({ ...cursors[2], statusKey: 5 }))).toBeNull();
    expect(decodePatientCursor(forged({ ...cursors[0], id: 'x' }))).toBeNull();
  });
});
