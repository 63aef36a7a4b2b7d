// Free of zod (ADR 0015): the referral queue, the sent list and the server's notices read these;
// referral.schemas.ts re-exports them with the schemas.

/**
 * Where a referral stands. A pending referral is answered once by the receiving clinic (accepted
 * or declined with a reason) or withdrawn by the organisation that sent it; every other state is
 * final.
 */
export const REFERRAL_STATES = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export type ReferralState = (typeof REFERRAL_STATES)[number];

export const REFERRAL_STATE_LABELS: Record<ReferralState, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

/** How soon the referrer asks the clinic to see the client. */
export const REFERRAL_URGENCIES = ['routine', 'soon', 'urgent'] as const;
export type ReferralUrgency = (typeof REFERRAL_URGENCIES)[number];

export const REFERRAL_URGENCY_LABELS: Record<ReferralUrgency, string> = {
  routine: 'Routine',
  soon: 'Within a week',
  urgent: 'Urgent (24–48 hours)',
};

/** A firm refers a new client; a clinic refers a patient it sees on to another clinic. */
export const REFERRAL_KINDS = ['new_client', 'onward'] as const;
export type ReferralKind = (typeof REFERRAL_KINDS)[number];

export const REFERRAL_LIMITS = {
  clientName: 200,
  phone: 40,
  injurySummary: 2000,
  carrier: 200,
  claimNumber: 100,
  declineReason: 500,
} as const;

/** A response time as people say it: '45 min', '3 h 20 min', '2 d 4 h'. */
export function formatResponseTime(seconds: number): string {
  const minutes = Math.max(0, Math.round(seconds / 60));
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}

/** The in-app notice of a new referral to the receiving clinic's users. */
export function describeReferralCreated(referrerName: string, clientName: string): string {
  return `${referrerName} referred ${clientName} to your clinic`;
}

/** The in-app notice of the answer to the referring organisation's users. */
export function describeReferralResponse(
  clinicName: string,
  clientName: string,
  state: 'accepted' | 'declined',
): string {
  return state === 'accepted'
    ? `${clinicName} accepted the referral of ${clientName}`
    : `${clinicName} declined the referral of ${clientName}`;
}

export const REFERRAL_TEXTS = {
  referAction: 'Refer a client',
  referOnAction: 'Refer to another clinic',
  formTitle: 'Refer a client',
  referOnTitle: 'Refer this patient to another clinic',
  clinicLabel: 'Clinic',
  clinicRequired: 'Choose the clinic to refer to',
  clientNameLabel: 'Client name',
  clientNameRequired: 'Enter the client’s name',
  dobLabel: 'Date of birth',
  phoneLabel: 'Phone',
  accidentDateLabel: 'Accident date',
  accidentTypeLabel: 'Accident type',
  accidentTypeNone: 'Not known',
  injurySummaryLabel: 'Injury summary',
  carrierLabel: 'Insurance carrier',
  claimNumberLabel: 'Claim number',
  lopLabel: 'Letter of protection on file',
  lopHint: 'Upload the letter to the patient’s documents once the clinic accepts.',
  urgencyLabel: 'Urgency',
  submit: 'Send referral',
  cancel: 'Cancel',
  sent: 'Referral sent',
  sendFailed: 'The referral could not be sent.',
  queueTitle: 'Referrals',
  queueNav: 'Referrals',
  queueEmpty: 'No referrals yet. New referrals to your clinic appear here.',
  sentTitle: 'Sent referrals',
  sentEmpty: 'You have not sent any referrals yet.',
  loadFailed: 'The referrals could not be loaded.',
  accept: 'Accept',
  acceptAttach: 'Accept and attach to this patient',
  acceptNew: 'Accept as a new patient',
  accepted: 'Referral accepted',
  acceptFailed: 'The referral could not be accepted.',
  decline: 'Decline',
  declineTitle: 'Decline the referral',
  declineReasonLabel: 'Reason',
  declineReasonRequired: 'Enter the reason for declining',
  declineConfirm: 'Decline referral',
  declined: 'Referral declined',
  declineFailed: 'The referral could not be declined.',
  withdraw: 'Withdraw',
  withdrawn: 'Referral withdrawn',
  withdrawFailed: 'The referral could not be withdrawn.',
  duplicateWarning: 'A patient with this name and date of birth is already at your clinic:',
  openPatient: 'Open patient',
  receivedAgo: (age: string) => `Received ${age} ago`,
  respondedIn: (time: string) => `Responded in ${time}`,
  waitingFor: (age: string) => `Waiting ${age}`,
  from: (name: string) => `From ${name}`,
  to: (name: string) => `To ${name}`,
  declineReasonShown: (reason: string) => `Reason: ${reason}`,
  lopOnFile: 'Letter of protection on file',
  noLop: 'No letter of protection',
  stateColumn: 'State',
  responseColumn: 'Response time',
  clientColumn: 'Client',
  clinicColumn: 'Clinic',
  sentColumn: 'Sent',
  patientLink: 'Open patient',
  notAnswered: 'Not answered yet',
} as const;

export const REFERRAL_MESSAGES = {
  clinicInvalid: 'Choose a clinic from the directory',
  ownClinic: 'A clinic cannot refer a patient to itself',
  alreadyAtClinic: 'This patient is already treated at that clinic',
  notPending: 'This referral has already been answered',
  attachInvalid: 'That patient is not one of your clinic’s patients',
  onwardNeedsPatient: 'Choose the patient to refer on',
  firmNeedsNoPatient: 'A firm refers a new client; leave the patient out',
} as const;
