import { ZErrorBody } from '@casebridge/domain/errors';
import { ApiError, NetworkError } from './api-client.ts';

/**
 * Fetches a file export (so a failure can be shown as a toast rather than a page of JSON) and
 * hands it to the browser as a download under the server's file name. An export of chosen
 * records posts their ids as `body` (JSON).
 */
export async function downloadFile(
  url: string,
  fallbackFileName: string,
  body?: unknown,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(
      url,
      body === undefined
        ? { credentials: 'same-origin' }
        : {
            method: 'POST',
            credentials: 'same-origin',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          },
    );
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
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackFileName;
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
}
