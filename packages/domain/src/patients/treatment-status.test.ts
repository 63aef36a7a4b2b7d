import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TREATMENT_STATUS,
  getStatusColor,
  getTimeline,
  isTreatmentStatus,
  TREATMENT_STATUSES,
} from './treatment-status.ts';

describe('treatment statuses (spec section 4)', () => {
  it('lists the eight statuses and defaults to Referred', () => {
    expect(TREATMENT_STATUSES).toEqual([
      'Referred',
      'Evaluated',
      'Referred for Imaging',
      'Referred for MD',
      'Referred for Pain Management',
      'Referred for PT',
      'Referred for Specialist',
      'Discharged',
    ]);
    expect(DEFAULT_TREATMENT_STATUS).toBe('Referred');
  });

  it.each([
    ['Referred', 'yellow'],
    ['Evaluated', 'blue'],
    ['Referred for Imaging', 'purple'],
    ['Referred for MD', 'purple'],
    ['Referred for Pain Management', 'purple'],
    ['Referred for PT', 'purple'],
    ['Referred for Specialist', 'purple'],
    ['Discharged', 'green'],
  ] as const)('colours %s %s', (status, color) => {
    expect(getStatusColor(status)).toBe(color);
  });

  it('recognises only the eight statuses', () => {
    expect(TREATMENT_STATUSES.every(isTreatmentStatus)).toBe(true);
    expect(isTreatmentStatus('referred')).toBe(false);
    expect(isTreatmentStatus('Referred for X-ray')).toBe(false);
    expect(isTreatmentStatus(3)).toBe(false);
  });
});

const summarize = (status: Parameters<typeof getTimeline>[0]) =>
  getTimeline(status).map(
    (step) => `${step.label}:${step.isCompleted ? 'done' : 'open'}${step.isCurrent ? '*' : ''}`,
  );

describe('treatment timeline (spec section 4)', () => {
  it('shows the four steps Referred, Evaluated, Referred for PT, Discharged', () => {
    expect(getTimeline('Referred').map((step) => step.label)).toEqual([
      'Referred',
      'Evaluated',
      'Referred for PT',
      'Discharged',
    ]);
  });

  it('completes the steps up to and including the current one and highlights it', () => {
    expect(summarize('Referred')).toEqual([
      'Referred:done*',
      'Evaluated:open',
      'Referred for PT:open',
      'Discharged:open',
    ]);
    expect(summarize('Evaluated')).toEqual([
      'Referred:done',
      'Evaluated:done*',
      'Referred for PT:open',
      'Discharged:open',
    ]);
    expect(summarize('Referred for PT')).toEqual([
      'Referred:done',
      'Evaluated:done',
      'Referred for PT:done*',
      'Discharged:open',
    ]);
    expect(summarize('Discharged')).toEqual([
      'Referred:done',
      'Evaluated:done',
      'Referred for PT:done',
      'Discharged:done*',
    ]);
  });

  it.each([
    'Referred for Imaging',
    'Referred for MD',
    'Referred for Pain Management',
    'Referred for Specialist',
  ] as const)('completes and highlights no step for %s', (status) => {
    expect(summarize(status)).toEqual([
      'Referred:open',
      'Evaluated:open',
      'Referred for PT:open',
      'Discharged:open',
    ]);
  });
});
