import { describe, expect, it } from 'vitest';
import {
  VISIT_MESSAGES,
  ZCorrectVisitRequest,
  ZRecordVisitOutcomeRequest,
  ZScheduleVisitRequest,
  ZSignInSheetRequest,
} from './visit.schemas.ts';

const VISIT_ID = '00000000-0000-4000-8000-000000000001';

describe('visit schemas', () => {
  it('books a visit on a day and a 24-hour time, the note optional', () => {
    expect(
      ZScheduleVisitRequest.parse({ date: '2026-03-04', time: '09:30', type: 'therapy' }),
    ).toEqual({ date: '2026-03-04', time: '09:30', type: 'therapy', note: null });
    const bad = ZScheduleVisitRequest.safeParse({ date: '2026-02-30', time: '9:30', type: 'x' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual([
      VISIT_MESSAGES.dateInvalid,
      VISIT_MESSAGES.timeInvalid,
      VISIT_MESSAGES.typeRequired,
    ]);
  });

  it('asks a reschedule for the new time, and no other outcome', () => {
    expect(ZRecordVisitOutcomeRequest.safeParse({ outcome: 'rescheduled' }).success).toBe(false);
    expect(
      ZRecordVisitOutcomeRequest.parse({
        outcome: 'rescheduled',
        newDate: '2026-03-05',
        newTime: '10:00',
      }),
    ).toMatchObject({ outcome: 'rescheduled', newDate: '2026-03-05', newTime: '10:00' });
    expect(ZRecordVisitOutcomeRequest.parse({ outcome: 'no_show', version: 2 })).toEqual({
      outcome: 'no_show',
      note: null,
      version: 2,
    });
    expect(ZRecordVisitOutcomeRequest.safeParse({ outcome: 'scheduled' }).success).toBe(false);
  });

  it('requires a reason for a correction', () => {
    const base = { date: '2026-03-04', time: '09:30', type: 'therapy', state: 'attended' };
    expect(ZCorrectVisitRequest.safeParse(base).success).toBe(false);
    expect(ZCorrectVisitRequest.safeParse({ ...base, reason: '  ' }).success).toBe(false);
    expect(ZCorrectVisitRequest.parse({ ...base, reason: 'Wrong day' }).reason).toBe('Wrong day');
  });

  it('takes a sign-in sheet of one row or more, attended or no-show only', () => {
    const row = { visitId: VISIT_ID, outcome: 'attended', version: 1 };
    expect(ZSignInSheetRequest.safeParse({ date: '2026-03-04', entries: [row] }).success).toBe(
      true,
    );
    expect(ZSignInSheetRequest.safeParse({ date: '2026-03-04', entries: [] }).success).toBe(false);
    expect(
      ZSignInSheetRequest.safeParse({
        date: '2026-03-04',
        entries: [{ ...row, outcome: 'cancelled' }],
      }).success,
    ).toBe(false);
  });
});
