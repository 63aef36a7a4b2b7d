import { ZVersioned } from '@casebridge/domain/versioning/versioning';
import { getErrorMessage, getStaleWriteCurrent } from '#src/lib/api-client.ts';
import { formatClockTime } from '#src/lib/format.ts';

/**
 * The toast for a failed one-click change (activate, deactivate, approve) of `what`. A change
 * refused because someone else changed the record first says who and when: the list then
 * shows the record as it now is, so the admin decides again from what is true.
 */
export function getToggleErrorMessage(error: unknown, what: string, fallback: string): string {
  const current = ZVersioned.safeParse(getStaleWriteCurrent(error));
  if (!current.success) return getErrorMessage(error, fallback);
  const who = current.data.updatedByName ?? 'Someone else';
  return `Not changed: ${who} changed ${what} at ${formatClockTime(current.data.updatedAt)}. Check it and try again.`;
}
