import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  findTreatmentGap,
  describeGapDigest,
  describePatientGap,
  formatGapBadge,
  getGapThreshold,
  getLastCareDate,
  isInActiveTreatment,
} from './treatment-gap.ts';
import { ZUpdateGapSettingRequest } from './treatment-gap.schemas.ts';

const noCare = {
  lastTreatmentDate: null,
  serviceDates: [],
  intakeDate: null,
  createdAt: '2026-01-05T10:00:00.000Z',
};
const TODAY = '2026-03-01';

describe('isInActiveTreatment', () => {
  it('leaves out Referred and Discharged only', () => {
    expect(isInActiveTreatment('Referred')).toBe(false);
    expect(isInActiveTreatment('Discharged')).toBe(false);
    expect(isInActiveTreatment('Evaluated')).toBe(true);
    expect(isInActiveTreatment('Referred for PT')).toBe(true);
  });
});

describe('getLastCareDate', () => {
  it('takes the latest of the last treatment and the dates of service', () => {
    expect(
      getLastCareDate({
        ...noCare,
        lastTreatmentDate: '2026-02-01',
        serviceDates: ['2026-02-10', '2026-01-20'],
        intakeDate: '2026-02-20',
      }),
    ).toBe('2026-02-10');
    expect(
      getLastCareDate({ ...noCare, lastTreatmentDate: '2026-02-12', serviceDates: ['2026-02-10'] }),
    ).toBe('2026-02-12');
  });

  it('falls back to the intake date, then the day the patient was created', () => {
    expect(getLastCareDate({ ...noCare, intakeDate: '2026-01-15' })).toBe('2026-01-15');
    expect(getLastCareDate(noCare)).toBe('2026-01-05');
  });
});

describe('daysBetween and getGapThreshold', () => {
  it('counts calendar days across months', () => {
    expect(daysBetween('2026-02-12', TODAY)).toBe(17);
    expect(daysBetween(TODAY, TODAY)).toBe(0);
  });

  it('takes the smallest clinic setting, else the default of 14', () => {
    expect(getGapThreshold([30, 10, 21])).toBe(10);
    expect(getGapThreshold([])).toBe(14);
  });
});

describe('findTreatmentGap', () => {
  const active = { ...noCare, treatmentStatus: 'Evaluated' as const };

  it('flags a patient in active treatment past the threshold', () => {
    expect(findTreatmentGap({ ...active, lastTreatmentDate: '2026-02-12' }, [14], TODAY)).toEqual({
      lastCareOn: '2026-02-12',
      gapDays: 17,
      thresholdDays: 14,
    });
  });

  it('does not flag on the threshold day itself, only after it', () => {
    expect(
      findTreatmentGap({ ...active, lastTreatmentDate: '2026-02-15' }, [14], TODAY),
    ).toBeNull();
    expect(
      findTreatmentGap({ ...active, lastTreatmentDate: '2026-02-14' }, [14], TODAY),
    ).not.toBeNull();
  });

  it('never flags Referred or Discharged patients', () => {
    const old = { ...noCare, lastTreatmentDate: '2025-01-01' };
    expect(findTreatmentGap({ ...old, treatmentStatus: 'Referred' }, [], TODAY)).toBeNull();
    expect(findTreatmentGap({ ...old, treatmentStatus: 'Discharged' }, [], TODAY)).toBeNull();
  });

  it('uses the strictest clinic of the patient', () => {
    const patient = { ...active, lastTreatmentDate: '2026-02-20' };
    expect(findTreatmentGap(patient, [30], TODAY)).toBeNull();
    expect(findTreatmentGap(patient, [30, 7], TODAY)?.gapDays).toBe(9);
  });
});

describe('formatGapBadge', () => {
  it('says days, and day for one', () => {
    expect(formatGapBadge(17)).toBe('Gap: 17 days');
    expect(formatGapBadge(1)).toBe('Gap: 1 day');
  });

  it('words the notice with the patient', () => {
    expect(describePatientGap('Maria Delgado', 17)).toBe(
      'Treatment gap: Maria Delgado has had no treatment recorded for 17 days',
    );
  });
});

describe('describeGapDigest', () => {
  it('words one patient as its notice, and counts and names several', () => {
    expect(describeGapDigest(1, [{ fullName: 'Maria Delgado', days: 17 }])).toBe(
      describePatientGap('Maria Delgado', 17),
    );
    expect(
      describeGapDigest(3, [
        { fullName: 'Ann Lee', days: 17 },
        { fullName: 'Bo Park', days: 1 },
      ]),
    ).toBe(
      'Treatment gaps: 3 patients have had no treatment recorded past their threshold: Ann Lee (17 days), Bo Park (1 day) and 1 more',
    );
  });
});

describe('ZUpdateGapSettingRequest', () => {
  it('accepts 1 to 365 whole days', () => {
    expect(ZUpdateGapSettingRequest.safeParse({ thresholdDays: 1 }).success).toBe(true);
    expect(ZUpdateGapSettingRequest.safeParse({ thresholdDays: '365' }).success).toBe(true);
    for (const value of [0, 366, 2.5, 'x']) {
      expect(ZUpdateGapSettingRequest.safeParse({ thresholdDays: value }).success).toBe(false);
    }
  });
});
