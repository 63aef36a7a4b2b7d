// Free of zod (ADR 0015): the Billing tab's closing section, the lienholder's payoff inbox, the
// statement and the server's notices read these; closing.schemas.ts re-exports them.

/** Where the settlement money comes from. */
export const SETTLEMENT_SOURCES = ['bodily_injury', 'um_uim', 'med_pay', 'other'] as const;
export type SettlementSource = (typeof SETTLEMENT_SOURCES)[number];

export const SETTLEMENT_SOURCE_LABELS: Record<SettlementSource, string> = {
  bodily_injury: 'Bodily-injury carrier',
  um_uim: 'UM/UIM',
  med_pay: 'Med-pay',
  other: 'Other',
};

/**
 * A lien's final payoff: proposed by the firm, then confirmed by the lienholder (a payment is
 * recorded and the lien is settled, the rest of its balance waived) or disputed with a reason
 * (the firm may propose again). A proposal the firm replaces before an answer is withdrawn.
 */
export const PAYOFF_STATUSES = ['proposed', 'confirmed', 'disputed', 'withdrawn'] as const;
export type PayoffStatus = (typeof PAYOFF_STATUSES)[number];

export const PAYOFF_STATUS_LABELS: Record<PayoffStatus, string> = {
  proposed: 'Awaiting the lienholder',
  confirmed: 'Confirmed',
  disputed: 'Disputed',
  withdrawn: 'Withdrawn',
};

/** Which closed cases a patient list shows: none (the default), all, or only them. */
export const CLOSED_CASE_FILTERS = ['active', 'all', 'closed'] as const;
export type ClosedCaseFilter = (typeof CLOSED_CASE_FILTERS)[number];

export const CLOSED_CASE_FILTER_LABELS: Record<ClosedCaseFilter, string> = {
  active: 'Active cases',
  all: 'Include closed',
  closed: 'Closed only',
};

/** At most this many payoffs (every proposal kept) on one lien. */
export const MAX_PAYOFFS_PER_LIEN = 50;

export const CLOSING_TEXTS = {
  sectionTitle: 'Settlement and disbursement',
  sectionHint:
    'Record the settlement, propose each lien’s final payoff, then produce the statement and close the case.',
  settlementTitle: 'Settlement',
  noSettlement: 'No settlement recorded yet.',
  recordSettlement: 'Record settlement',
  editSettlement: 'Edit settlement',
  saveSettlement: 'Save settlement',
  settlementRecorded: 'Settlement recorded; the case is now Settled',
  settlementSaved: 'Settlement saved',
  settlementSaveFailed: 'The settlement could not be saved.',
  grossLabel: 'Gross settlement ($)',
  settledOnLabel: 'Settlement date',
  sourceLabel: 'Source',
  feeLabel: 'Attorney fee (%)',
  costsLabel: 'Case costs ($)',
  noteLabel: 'Note (optional)',
  historyTitle: 'Settlement history',
  payoffsTitle: 'Lien payoffs',
  noLiens: 'No liens on this patient.',
  proposePayoff: 'Propose payoff',
  proposeAgain: 'Propose again',
  payoffAmountLabel: 'Final payoff ($)',
  payoffNoteLabel: 'Note to the lienholder (optional)',
  sendProposal: 'Send proposal',
  payoffProposed: 'Payoff proposed to the lienholder',
  payoffFailed: 'The payoff could not be sent.',
  confirmPayoff: 'Confirm payoff',
  disputePayoff: 'Dispute',
  confirmPaidOnLabel: 'Payment received on',
  confirmReferenceLabel: 'Reference (optional)',
  confirmHint:
    'Confirming records this payment on your lien and accepts it as the final payoff; the rest of the balance is waived.',
  payoffConfirmed: 'Payoff confirmed and payment recorded',
  disputeReasonLabel: 'Why do you dispute it?',
  sendDispute: 'Send dispute',
  payoffDisputed: 'Payoff disputed',
  answerFailed: 'The answer could not be saved.',
  inboxTitle: 'Payoffs to answer',
  inboxEmpty: 'No payoff awaits your answer.',
  inboxLoadFailed: 'The payoffs could not be loaded.',
  statementTitle: 'Disbursement statement',
  downloadStatement: 'Download statement (PDF)',
  printStatement: 'Print view',
  print: 'Print',
  backToPatient: 'Back to patient',
  markDisbursed: 'Mark disbursed',
  disbursedOnLabel: 'Disbursed on',
  disbursed: 'Funds disbursed; the case is now Disbursed',
  closeCase: 'Close case',
  closeCaseConfirm:
    'Close this case? It leaves the active patient lists of every party; search and the Closed filter still find it.',
  caseClosed: 'Case closed',
  closeFailed: 'The case could not be closed.',
  liensOpen: 'Every lien must be paid or its payoff confirmed before the funds are disbursed.',
  notSettled: 'Record the settlement first.',
  notDisbursed: 'Mark the funds disbursed before closing the case.',
  alreadyClosed: 'This case is already closed.',
  payoffOpen: 'A payoff already awaits this lienholder’s answer.',
  payoffAnswered: 'This payoff was already answered.',
  payoffSettled: 'This lien’s payoff is already confirmed.',
  loadFailed: 'The settlement and payoffs could not be loaded.',
  billFinal: 'Bill final',
  markBillFinal: 'Mark bill final',
  markBillFinalConfirm:
    'Mark your bill for this patient final? Later billing lines need a correction reason.',
  billMarkedFinal: 'Bill marked final',
  billFinalFailed: 'The bill could not be marked final.',
  billFinalSince: (date: string) => `Bill final since ${date}`,
  correctionReasonLabel: 'Correction reason (the bill is final)',
  correctionRequired:
    'Your bill for this patient is final: enter the line as a correction with a reason.',
  closedFilterLabel: 'Cases',
  closedBadge: 'Closed',
  resolvedPaid: 'Paid',
  waived: 'Waived rest',
  ledgerWaived: 'Waived by final payoff',
  netToClient: 'Net to client',
  shortfall: 'Shortfall',
} as const;

/** The lienholder's notice of a proposed payoff, and the firm's of an answer. */
export const PAYOFF_NOTICES = {
  proposed: (firm: string, amount: string, patient: string) =>
    `${firm} proposed a final payoff of ${amount} on your lien for ${patient}`,
  confirmed: (lienholder: string, amount: string, patient: string) =>
    `${lienholder} confirmed the final payoff of ${amount} for ${patient}`,
  disputed: (lienholder: string, amount: string, patient: string) =>
    `${lienholder} disputed the final payoff of ${amount} for ${patient}`,
} as const;
