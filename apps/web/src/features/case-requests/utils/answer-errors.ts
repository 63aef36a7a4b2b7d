import { CASE_REQUEST_TEXTS } from '@casebridge/domain/requests/case-request-texts';
import { toast } from 'sonner';
import { getErrorMessage } from '#src/lib/api-client.ts';

/** A refused answer (stale, no longer allowed, a document gone) says why in the toast. */
export function toastAnswerError(error: unknown) {
  toast.error(CASE_REQUEST_TEXTS.respondFailed, {
    description: getErrorMessage(error, 'Please try again.'),
  });
}
