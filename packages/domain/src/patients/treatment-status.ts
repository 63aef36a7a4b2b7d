import type { BadgeColor } from '../badge-colors.ts';

/** The eight treatment statuses of spec section 4, in display order. */
export const TREATMENT_STATUSES = [
  'Referred',
  'Evaluated',
  'Referred for Imaging',
  'Referred for MD',
  'Referred for Pain Management',
  'Referred for PT',
  'Referred for Specialist',
  'Discharged',
] as const;
export type TreatmentStatus = (typeof TREATMENT_STATUSES)[number];

export const DEFAULT_TREATMENT_STATUS: TreatmentStatus = 'Referred';

export type StatusColor = Extract<BadgeColor, 'yellow' | 'blue' | 'purple' | 'green'>;

/** Badge colours: Referred yellow, Evaluated blue, every 'Referred for …' purple, Discharged green. */
export function getStatusColor(status: TreatmentStatus): StatusColor {
  if (status === 'Referred') return 'yellow';
  if (status === 'Evaluated') return 'blue';
  if (status === 'Discharged') return 'green';
  return 'purple';
}

export const TIMELINE_STEPS = ['Referred', 'Evaluated', 'Referred for PT', 'Discharged'] as const;

export type TimelineStep = {
  label: (typeof TIMELINE_STEPS)[number];
  isCompleted: boolean;
  isCurrent: boolean;
};

/**
 * Steps up to and including the current one are completed and the current one is highlighted;
 * a status that is not a timeline step (Imaging, MD, …) completes none.
 */
export function getTimeline(status: TreatmentStatus): TimelineStep[] {
  const currentIndex = (TIMELINE_STEPS as readonly string[]).indexOf(status);
  return TIMELINE_STEPS.map((label, index) => ({
    label,
    isCompleted: currentIndex >= 0 && index <= currentIndex,
    isCurrent: index === currentIndex,
  }));
}

export function isTreatmentStatus(value: unknown): value is TreatmentStatus {
  return typeof value === 'string' && (TREATMENT_STATUSES as readonly string[]).includes(value);
}
