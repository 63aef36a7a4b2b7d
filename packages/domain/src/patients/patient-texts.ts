// Free of zod (ADR 0015): the dashboards read these. patient.schemas.ts re-exports them with the
// schemas.

export const PATIENT_MESSAGES = {
  nameRequired: 'Patient name is required',
  dobRequired: 'Date of birth is required',
  dobInvalid: 'Please enter a valid date of birth',
  clinicRequired: 'Please select at least one clinic',
  firmRequired: 'Please select an attorney firm',
  created: 'Patient created successfully',
  createFailed: 'Failed to create patient',
  duplicate: 'A patient with this name and date of birth already exists',
  updated: 'Patient updated successfully',
  demographicsUpdated: 'Patient demographics updated successfully',
  notificationsSent: 'Notifications sent to relevant parties',
  notifyPrompt: 'Would you like to notify the other assigned clinics or firm of this update?',
  loadFailedTitle: 'Error Loading Patients',
  loadFailedText: 'Please check your account configuration or contact support.',
  statusUndone: 'Status change undone',
  undoClosed: 'This change can no longer be undone: its undo window has closed.',
  undoSuperseded: 'This change can no longer be undone: the status has changed since.',
} as const;

export const PATIENT_SORTS = ['last_updated', 'name', 'status'] as const;
export type PatientSort = (typeof PATIENT_SORTS)[number];
