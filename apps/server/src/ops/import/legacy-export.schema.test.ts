import { describe, expect, it } from 'vitest';
import {
  describeDayReading,
  describeIssues,
  readSubcollection,
  toDateOnly,
  toInstant,
  ZLegacyBillingEntry,
  ZLegacyExport,
  ZLegacyMessage,
  ZLegacyUser,
} from './legacy-export.schema.ts';

describe('the old system’s timestamps and dates', () => {
  it('reads ISO text, epoch numbers and the database’s timestamp objects', () => {
    const expected = '2024-01-15T09:30:00.000Z';
    for (const value of [
      expected,
      '2024-01-15T11:30:00+02:00',
      1_705_311_000_000,
      1_705_311_000,
      { _seconds: 1_705_311_000, _nanoseconds: 0 },
      { seconds: 1_705_311_000, nanoseconds: 0 },
      { __datatype__: 'timestamp', value: { _seconds: 1_705_311_000, _nanoseconds: 0 } },
    ])
      expect(toInstant(value)?.toISOString()).toBe(expected);
  });

  it('refuses what is no instant instead of guessing', () => {
    for (const value of ['yesterday', '15/01/2024 09:30', '2024-13-01T00:00:00Z', {}, true, null])
      expect(toInstant(value)).toBeNull();
  });

  it('reads a day as YYYY-MM-DD, MM/DD/YYYY or an instant’s UTC day, and only real days', () => {
    expect(toDateOnly('1984-03-12')).toBe('1984-03-12');
    expect(toDateOnly('7/22/1991')).toBe('1991-07-22');
    expect(toDateOnly('2024-01-15T23:30:00Z')).toBe('2024-01-15');
    expect(toDateOnly({ _seconds: 1_705_311_000, _nanoseconds: 0 })).toBe('2024-01-15');
    for (const value of ['1990-02-30', '2024-13-01', '02/30/1990', '12.03.1984', ''])
      expect(toDateOnly(value)).toBeNull();
  });
});

describe('records', () => {
  it('takes a message’s older field names beside the newer ones', () => {
    const older = ZLegacyMessage.parse({
      sender_user_id: 'uid_1',
      content: ' Hello ',
      sent_at: '2024-01-22T21:00:00Z',
      read_by: 'uid_1',
    });
    expect(older).toMatchObject({ senderRef: 'uid_1', body: 'Hello', readByRefs: ['uid_1'] });
    expect(older.createdAt.toISOString()).toBe('2024-01-22T21:00:00.000Z');
    const newer = ZLegacyMessage.parse({
      sender_id: 'uid_2',
      body: 'New',
      content: 'Old',
      created_at: '2024-01-22T21:00:00Z',
      sent_at: '2020-01-01T00:00:00Z',
    });
    expect(newer).toMatchObject({ senderRef: 'uid_2', body: 'New' });
    expect(newer.createdAt.toISOString()).toBe('2024-01-22T21:00:00.000Z');
  });

  it('names a user by displayName, else display_name, else the e-mail', () => {
    const base = { email: ' Dana@Clinic.example ', role: 'Clinic', associated_clinic_id: 'A_B' };
    expect(ZLegacyUser.parse({ ...base, display_name: 'Dana L' })).toMatchObject({
      name: 'Dana L',
      email: 'dana@clinic.example',
      role: 'clinic',
      organizationRef: 'A_B',
    });
    expect(ZLegacyUser.parse({ ...base, displayName: 'Dana Lopez', display_name: 'x' }).name).toBe(
      'Dana Lopez',
    );
    expect(ZLegacyUser.parse(base).name).toBe('dana');
  });

  it('gives each problem of a record as a reason naming the field', () => {
    const result = ZLegacyBillingEntry.safeParse({
      cpt_code: '9711',
      session_count: 0,
      billed_amount: '-5',
      date: '2024-13-01',
    });
    expect(result.success).toBe(false);
    expect(describeIssues(result.error!)).toBe(
      'invalid CPT code: cpt_code; invalid session count: session_count; invalid amount: billed_amount; invalid date: date',
    );
    expect(
      ZLegacyBillingEntry.parse({
        cpt_code: 'g0283',
        session_count: '2',
        billed_amount: '$1,250.50',
        date: '2024-01-02',
      }),
    ).toMatchObject({ cptCode: 'G0283', sessionCount: 2, billedAmountCents: 125_050 });
  });
});

describe('the top level', () => {
  it('takes lists and id maps, directly or under __collections__, and names unknown keys', () => {
    const parsed = ZLegacyExport.parse({
      __collections__: { clinics: [{ id: 'A', name: 'A' }, 'junk'], users: { 'a@b.c': {} } },
    });
    expect(parsed.collections.clinics).toEqual([
      { sourceId: 'A', data: { id: 'A', name: 'A' } },
      { sourceId: null, data: null },
    ]);
    expect(parsed.collections.users).toEqual([{ sourceId: 'a@b.c', data: {} }]);
    expect(parsed.collections.patients).toEqual([]);
    expect(ZLegacyExport.parse({ clinics: [], settings: {} }).unknownKeys).toEqual(['settings']);
  });

  it('refuses what is not an export', () => {
    for (const value of [[], 'text', { settings: {} }, { patients: 'all' }])
      expect(ZLegacyExport.safeParse(value).success).toBe(false);
  });

  it('finds a patient’s subcollections nested either way', () => {
    expect(readSubcollection({ messages: [{ id: 'm' }] }, 'messages')).toHaveLength(1);
    expect(
      readSubcollection({ __collections__: { billingEntries: { b: {} } } }, 'billingEntries'),
    ).toEqual([{ sourceId: 'b', data: {} }]);
    expect(readSubcollection({ messages: 3 }, 'messages')).toBe(
      'messages: must be a list of documents or a map of document id to document',
    );
  });
});

describe('a day written MM/DD/YYYY', () => {
  it('says how it read a day whose first two parts could both be the month', () => {
    expect(describeDayReading('dob', '03/12/1984')).toBe(
      "dob '03/12/1984' read as month/day/year: 1984-03-12 (day/month/year would be 1984-12-03)",
    );
    expect(describeDayReading('date', '4/5/2024')).toBe(
      "date '4/5/2024' read as month/day/year: 2024-04-05 (day/month/year would be 2024-05-04)",
    );
  });

  it('says nothing when there is one reading, or no such text', () => {
    for (const value of ['07/22/1991', '22/07/1991', '05/05/1985', '1984-03-12', 19_840_312, null])
      expect(describeDayReading('dob', value)).toBeNull();
  });
});
