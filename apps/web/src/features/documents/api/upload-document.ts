import type { DocumentCategory } from '@casebridge/domain/constants';
import type { TDocument } from '@casebridge/domain/documents/document.schemas';
import { ZErrorBody, MESSAGES } from '@casebridge/domain/errors';
import { WRITE_ORIGIN_HEADER } from '@casebridge/domain/events/write-origin';
import {
  ApiError,
  NetworkError,
  newIdempotencyKey,
  withNetworkRetries,
} from '#src/lib/api-client.ts';
import { beginWrite, endWrite } from '#src/lib/write-origin.ts';

export type UploadRequest = {
  patientId: string;
  category: DocumentCategory;
  file: File;
  /** Called with 0–100 as the bytes leave the browser. */
  onProgress: (percent: number) => void;
};

/**
 * Uploads one file. XMLHttpRequest rather than fetch because only it reports upload progress.
 * The category goes first so the server knows it before the file's bytes arrive. One
 * `Idempotency-Key` covers the upload and its resends after a network failure, so an answer
 * lost on the way back never stores the file twice.
 */
export async function uploadDocument(request: UploadRequest): Promise<TDocument> {
  const idempotencyKey = newIdempotencyKey();
  const origin = beginWrite();
  try {
    return await withNetworkRetries(() => sendUpload(request, idempotencyKey, origin));
  } finally {
    endWrite(origin);
  }
}

function sendUpload(
  { patientId, category, file, onProgress }: UploadRequest,
  idempotencyKey: string,
  origin: string,
): Promise<TDocument> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    body.append('category', category);
    body.append('file', file, file.name);
    const request = new XMLHttpRequest();
    request.open('POST', `/api/patients/${encodeURIComponent(patientId)}/documents`);
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('idempotency-key', idempotencyKey);
    request.setRequestHeader(WRITE_ORIGIN_HEADER, origin);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () => {
      let payload: unknown = null;
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        // Not JSON: handled as a generic failure below.
      }
      if (request.status === 201) {
        onProgress(100);
        resolve(payload as TDocument);
        return;
      }
      const parsed = ZErrorBody.safeParse(payload);
      reject(
        new ApiError(
          request.status,
          parsed.success ? parsed.data.error.code : 'HTTP_ERROR',
          parsed.success ? parsed.data.error.message : MESSAGES.internal,
        ),
      );
    });
    request.addEventListener('error', () => reject(new NetworkError()));
    request.addEventListener('abort', () => reject(new NetworkError()));
    request.send(body);
  });
}
