// Who receives a patient's events and notices, for tests that check who is left out of it.
export { listPatientAudience } from '#src/modules/notifications/audience.queries.ts';
