// Free of zod (ADR 0015): the lienholder's dashboard reads these. billing.schemas.ts
// re-exports them with the schemas.

export const BILLING_MESSAGES = {
  cptRequired: 'CPT code is required',
  cptInvalid:
    'Enter a 5-character CPT or HCPCS code: five digits, four digits and F, T or U, or a letter and four digits',
  sessionsRequired: 'Session count is required',
  sessionsInvalid: 'Session count must be a whole number of at least 1',
  amountRequired: 'Amount is required',
  amountInvalid: 'Amount must be 0 or more, with at most two decimals',
  dateRequired: 'Date is required',
  dateInvalid: 'Enter a valid date that is not in the future',
  added: 'Billing entry added',
  addFailed: 'Failed to add billing entry',
  edited: 'Billing entry updated',
  editFailed: 'Failed to update billing entry',
  voided: 'Billing entry voided',
  voidFailed: 'Failed to void billing entry',
  alreadyVoided: 'This billing entry was voided and can no longer be changed.',
  notOwnEntry: 'Only the clinic that billed this entry, or an administrator, can change it.',
  historyFailed: 'Failed to load the history of this billing entry',
  noHistory: 'No changes since this entry was added.',
  exportFailed: 'Failed to export billing history',
  empty: 'No billing entries yet',
  noRecentActivity: 'No billing activity yet',
} as const;

/** How many of the latest billing lines the Lienholder Dashboard lists. */
export const RECENT_BILLING_LIMIT = 10;
