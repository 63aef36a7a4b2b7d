// Free of zod (ADR 0015): the dashboards' selection bar reads these; bulk.schemas.ts re-exports
// them with the schemas. Work across patients: docs/architecture/work-across-patients.md.

/** The most patients one bulk action takes: a page of the largest page size. */
export const BULK_MAX_PATIENTS = 100;

/** The page sizes a dashboard list offers (`?size=`); each list's default is its screen's. */
export const PATIENT_PAGE_SIZE_CHOICES = [10, 25, 50, 100] as const;

/** What happened to one patient of a bulk action. */
export const BULK_OUTCOMES = [
  /** Done: the status changed, or the requests were sent. */
  'done',
  /** Nothing to do: the patient already had the status. */
  'unchanged',
  /** Missing, or outside the actor's scope: the same answer, so nobody learns which. */
  'not_found',
  /** Made from an older version: someone changed the patient since it was listed. */
  'stale',
  /** Refused for another reason, named in `message` (a patient with no clinic, say). */
  'refused',
] as const;
export type BulkOutcome = (typeof BULK_OUTCOMES)[number];

export const BULK_TEXTS = {
  tooMany: `Choose at most ${BULK_MAX_PATIENTS} patients`,
  noneChosen: 'Choose at least one patient',
  duplicate: 'A patient is chosen twice',
  selected: (n: number) => `${n} selected`,
  selectAllOnPage: 'Select all patients on this page',
  selectPatient: (name: string) => `Select ${name}`,
  clearSelection: 'Clear selection',
  changeStatus: 'Change status',
  requestRecords: 'Request records',
  askUpdates: 'Ask for case updates',
  asking: 'Asking...',
  asked: 'Case update asked of the firm',
  asksSent: (n: number) => `${n} case ${n === 1 ? 'update' : 'updates'} asked`,
  askFailed: 'Failed to ask for case updates',
  exportCsv: 'Export CSV',
  exporting: 'Exporting...',
  exported: (n: number) => `${n} ${n === 1 ? 'patient' : 'patients'} exported`,
  exportFailed: 'Failed to export the patients',
  statusDialogTitle: (n: number) => `Change the status of ${n} ${n === 1 ? 'patient' : 'patients'}`,
  statusConfirmTitle: 'Change treatment status?',
  statusConfirm: (n: number, status: string, undoSeconds: number) =>
    `Change the status of ${n} ${n === 1 ? 'patient' : 'patients'} to ${status}? The assigned firm and lienholders are notified ${undoSeconds} seconds later unless you undo.`,
  statusChanged: (n: number) => `${n} ${n === 1 ? 'status' : 'statuses'} changed`,
  statusFailed: 'Failed to change the statuses',
  requestDialogTitle: (n: number) => `Request records for ${n} ${n === 1 ? 'patient' : 'patients'}`,
  requestsSent: (n: number) => `${n} ${n === 1 ? 'request' : 'requests'} sent`,
  requestFailed: 'Failed to send the requests',
  resultsTitle: 'Results',
  dismissResults: 'Dismiss results',
  noClinic: 'This patient has no clinic to ask',
  notFound: 'Not found: the patient is no longer shared with you',
  stale: (byName: string | null, status: string) =>
    `Not changed: ${byName ?? 'someone else'} changed the status to ${status} since you listed it`,
  unchanged: (status: string) => `Already ${status}`,
  changedTo: (status: string) => `Changed to ${status}`,
  requested: (clinics: readonly string[]) => `Requested from ${clinics.join(', ')}`,
  pageSize: 'Patients per page',
  perPage: (n: number) => `${n} per page`,
} as const;
