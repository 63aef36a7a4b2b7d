import { ZErrorBody } from '@casebridge/domain/errors';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';
import { getBillingCsvUrl } from './billing-api.ts';

/**
 * Fetches the CSV (so a failure can be shown as a toast rather than a page of JSON) and hands
 * it to the browser as a download under the server's file name.
 */
export async function downloadBillingCsv(patientId: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(getBillingCsvUrl(patientId), { credentials: 'same-origin' });
  } catch {
    throw new NetworkError();
  }
  if (!response.ok) {
    const parsed = ZErrorBody.safeParse(await response.json().catch(() => null));
    throw new ApiError(
      response.status,
      parsed.success ? parsed.data.error.code : 'HTTP_ERROR',
      parsed.success ? parsed.data.error.message : 'Export failed',
    );
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'billing.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
