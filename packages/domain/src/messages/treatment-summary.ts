import { formatDate } from '../format/date.ts';
import type { TreatmentStatus } from '../patients/treatment-status.ts';

/** The parts of a patient record the summary draws on. */
export type SummaryPatient = {
  fullName: string;
  treatmentStatus: TreatmentStatus;
  intakeDate: string | null;
  evalDate: string | null;
  lastTreatmentDate: string | null;
  clinics: ReadonlyArray<{ name: string }>;
  firm: { name: string } | null;
};

const STATUS_CONTEXT: Record<TreatmentStatus, { now: string; next: string }> = {
  Referred: {
    now: 'has been referred and is awaiting the initial evaluation',
    next: 'Schedule and complete the initial evaluation.',
  },
  Evaluated: {
    now: 'has completed the initial evaluation',
    next: 'Start the recommended treatment plan.',
  },
  'Referred for Imaging': {
    now: 'has been referred for imaging',
    next: 'Obtain the imaging report and review the findings.',
  },
  'Referred for MD': {
    now: 'has been referred to a medical doctor',
    next: 'Follow up on the MD consultation and its recommendations.',
  },
  'Referred for Pain Management': {
    now: 'has been referred for pain management',
    next: 'Coordinate the pain-management plan and track the response.',
  },
  'Referred for PT': {
    now: 'has been referred for physical therapy',
    next: 'Continue physical therapy and reassess progress.',
  },
  'Referred for Specialist': {
    now: 'has been referred to a specialist',
    next: "Obtain the specialist's findings and update the plan.",
  },
  Discharged: {
    now: 'has been discharged from care',
    next: 'Finalize the discharge records and billing for the case file.',
  },
};

/** A typed note as a sentence: spacing collapsed, first letter capital, closing punctuation. */
export function toSentence(text: string): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  if (!collapsed) return '';
  const capitalized = collapsed.charAt(0).toUpperCase() + collapsed.slice(1);
  return /[.!?]$/.test(capitalized) ? capitalized : `${capitalized}.`;
}

/**
 * The 'AI-Powered Treatment Summary' draft. The specification describes a canned text composed
 * locally with no external call; CaseBridge composes it from the patient record and the typed
 * update (docs/architecture.md D2), and the user edits the draft before posting it.
 */
export function composeTreatmentSummary(patient: SummaryPatient, update: string): string {
  const context = STATUS_CONTEXT[patient.treatmentStatus];
  const clinics = patient.clinics.map((clinic) => clinic.name).join(', ') || 'No clinics assigned';
  const lines = [
    `Treatment summary for ${patient.fullName}`,
    '',
    `Current status: ${patient.treatmentStatus}. ${patient.fullName} ${context.now}.`,
    `Intake: ${formatDate(patient.intakeDate)} · Evaluation: ${formatDate(patient.evalDate)} · Last treatment: ${formatDate(patient.lastTreatmentDate)}.`,
    `Treating clinics: ${clinics}. Attorney firm: ${patient.firm?.name ?? 'Unknown Firm'}.`,
    '',
    `Update: ${toSentence(update)}`,
    `Next step: ${context.next}`,
  ];
  return lines.join('\n');
}
