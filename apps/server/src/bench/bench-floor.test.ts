import { describe, expect, it } from 'vitest';
import { dobOfPatient, SEARCH_DOB } from './bench-data.ts';
import { isReplayableRead } from './bench-floor.ts';

describe('isReplayableRead', () => {
  it('replays selects and read-only common table expressions', () => {
    expect(isReplayableRead('select "id" from "patients" where "id" = $1')).toBe(true);
    expect(isReplayableRead('  WITH page AS (select 1) select * from page')).toBe(true);
  });

  it('leaves out writes and row locks, which cannot be repeated as they were', () => {
    expect(isReplayableRead('insert into "audit_logs" ("id") values ($1)')).toBe(false);
    expect(isReplayableRead('select pg_advisory_xact_lock($1)')).toBe(false);
    expect(isReplayableRead('select audit_append($1::jsonb)')).toBe(false);
    expect(isReplayableRead('select audit_chain_lock()')).toBe(false);
    expect(isReplayableRead("select nextval(pg_get_serial_sequence('audit_logs', 'id'))")).toBe(
      false,
    );
    expect(isReplayableRead('select * from "patients" where "id" = $1 for no key update')).toBe(
      false,
    );
    expect(isReplayableRead('select * from "patients" for update of "patients"')).toBe(false);
    expect(isReplayableRead('update "patients" set "version" = 2')).toBe(false);
  });
});

describe('dobOfPatient', () => {
  it('computes in JavaScript the date of birth the SQL generator gives patient g', () => {
    // date '1950-01-01' + (g * 7919) % 20000 days
    expect(dobOfPatient(1)).toBe('1971-09-07');
    expect(dobOfPatient(5)).toBe(SEARCH_DOB);
    expect(dobOfPatient(20_000)).toBe('1950-01-01');
  });
});
