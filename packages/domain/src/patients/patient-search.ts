/**
 * The patient list's search: what the typed text asks for, decided here once so the
 * server's SQL and the tests agree. Dates of birth in the forms people type ('1979', '11/1979',
 * '11/02/1979' month first as the app shows them, '1979-11-02') narrow the date of birth; every
 * other word must occur somewhere in the name, in any order and any case ('Whitfield, James' and
 * 'jam whit' both find James Whitfield).
 */
export type PatientSearchTerms = {
  /** Lower-case parts of the name, each to be found in it. */
  words: string[];
  /** Inclusive ISO date range of birth, when the text holds a date. */
  dob: { from: string; to: string } | null;
};

/** At most this many name words count; the rest are ignored (a pasted paragraph is not a name). */
export const MAX_SEARCH_WORDS = 8;

const pad = (value: number) => String(value).padStart(2, '0');

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    year <= 2999 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

function dayRange(year: number, month: number, day: number) {
  if (!isRealDate(year, month, day)) return null;
  const iso = `${year}-${pad(month)}-${pad(day)}`;
  return { from: iso, to: iso };
}

function monthRange(year: number, month: number) {
  if (!isRealDate(year, month, 1)) return null;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${year}-${pad(month)}-01`, to: `${year}-${pad(month)}-${pad(lastDay)}` };
}

/** The date range a word names, or null when it is not a date. */
export function parseDobWord(word: string): { from: string; to: string } | null {
  let match = /^(\d{4})$/.exec(word);
  if (match) {
    const year = Number(match[1]);
    return year >= 1900 && year <= 2999 ? { from: `${year}-01-01`, to: `${year}-12-31` } : null;
  }
  match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(word);
  if (match) return dayRange(Number(match[3]), Number(match[1]), Number(match[2]));
  match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(word);
  if (match) return dayRange(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})[/.-](\d{4})$/.exec(word);
  if (match) return monthRange(Number(match[2]), Number(match[1]));
  return null;
}

/** Splits the search text into name words and a date-of-birth range. */
export function parsePatientSearch(text: string): PatientSearchTerms {
  const words: string[] = [];
  const ranges: { from: string; to: string }[] = [];
  for (const token of text.toLowerCase().split(/[\s,;]+/u)) {
    const range = parseDobWord(token);
    if (range) {
      ranges.push(range);
      continue;
    }
    // Quotes, brackets and full stops around a word are not part of it ('J.', '"James"');
    // anything else is matched as typed, '%' and '_' included.
    const word = token.replace(/^["'().-]+|["'().-]+$/gu, '');
    if (word && !words.includes(word) && words.length < MAX_SEARCH_WORDS) words.push(word);
  }
  // Two dates narrow each other; ranges that do not meet find nobody.
  const dob =
    ranges.length === 0
      ? null
      : {
          from: ranges.map((range) => range.from).reduce((a, b) => (a > b ? a : b)),
          to: ranges.map((range) => range.to).reduce((a, b) => (a < b ? a : b)),
        };
  return { words, dob };
}
