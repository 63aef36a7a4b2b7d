import { describe, expect, it } from 'vitest';
import { getClinicCounters, getFirmCounters, getLienholderCounters } from './dashboard-counters.ts';

const stats = {
  total: 10,
  byStatus: {
    Referred: 3,
    Evaluated: 2,
    'Referred for PT': 1,
    'Referred for MD': 1,
    Discharged: 3,
  },
};

describe('dashboard counters', () => {
  it('clinic: active excludes Discharged; pending evals are Referred', () => {
    expect(getClinicCounters(stats)).toEqual({
      active: 7,
      pendingEvals: 3,
      discharged: 3,
      total: 10,
    });
  });

  it('firm: in treatment excludes Referred and Discharged', () => {
    expect(getFirmCounters(stats)).toEqual({
      inTreatment: 4,
      awaitingDocs: 3,
      completed: 3,
      total: 10,
    });
  });

  it('lienholder: in treatment means what it means to the firm', () => {
    expect(getLienholderCounters(stats)).toEqual({
      linkedPatients: 10,
      inTreatment: 4,
      discharged: 3,
    });
    expect(getLienholderCounters(stats).inTreatment).toBe(getFirmCounters(stats).inTreatment);
  });

  it('handles statuses that are absent', () => {
    expect(getFirmCounters({ total: 0, byStatus: {} })).toEqual({
      inTreatment: 0,
      awaitingDocs: 0,
      completed: 0,
      total: 0,
    });
  });
});
