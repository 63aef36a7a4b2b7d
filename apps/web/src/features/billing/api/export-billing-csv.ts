import { downloadFile } from '#src/lib/download-file.ts';
import { getBillingCsvUrl } from './billing-api.ts';

/** The patient's billing history as CSV; a failure rejects with the server's message. */
export function downloadBillingCsv(patientId: string): Promise<void> {
  return downloadFile(getBillingCsvUrl(patientId), 'billing.csv');
}
