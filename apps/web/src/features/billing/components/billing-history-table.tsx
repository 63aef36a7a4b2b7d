import { BILLING_MESSAGES } from '@casebridge/domain/billing/billing.schemas';
import { useEffect, useRef, useState } from 'react';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { formatCents } from '#src/lib/format.ts';
import { useBillingHistory } from '#src/features/billing/api/billing-api.ts';
import { TableEmptyRow, TableSkeletonRows } from '#src/components/ui/table-rows.tsx';
import { TableScroll } from '#src/components/ui/table-scroll.tsx';
import { BillingEntryActions, type BillingEntryAction } from './billing-entry-actions.tsx';
import { BillingEntryCells } from './billing-entry-cells.tsx';
import { BillingEntryHistoryDialog } from './billing-entry-history-dialog.tsx';
import { EditBillingEntryDialog } from './edit-billing-entry-dialog.tsx';
import { VoidBillingEntryDialog } from './void-billing-entry-dialog.tsx';

const HEAD_CELL = 'px-4 py-2 font-medium';
const DIALOGS = {
  edit: EditBillingEntryDialog,
  void: VoidBillingEntryDialog,
  history: BillingEntryHistoryDialog,
} as const;

/**
 * Billing History (CPT Code, Sessions, Amount, Date) with 'Total Medical Specials' below, the
 * sum of the live lines. A voided line stays listed, marked, with its reason. Each line opens
 * its History; the clinic that billed it and administrators also Edit or Void it.
 */
export function BillingHistoryTable({ patientId }: { patientId: string }) {
  const history = useBillingHistory(patientId);
  const user = useCurrentUser();
  const actor = { role: user.role, organizationId: user.organization?.id ?? null };
  const [open, setOpen] = useState<{ action: BillingEntryAction; entryId: string } | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const focusAfterClose = useRef<HTMLElement | null>(null);
  // The line as the list now holds it, so an open dialog follows live changes.
  const openEntry = open && history.data?.items.find((entry) => entry.id === open.entryId);
  const OpenDialog = open ? DIALOGS[open.action] : null;

  // The dialogs open without a trigger of their own: focus goes back to the row's button once
  // the dialog has gone, or to the row's History after a void (Edit and Void are gone then).
  useEffect(() => {
    const target = focusAfterClose.current;
    if (open || !target) return undefined;
    focusAfterClose.current = null;
    const frame = requestAnimationFrame(() => target.focus());
    return () => cancelAnimationFrame(frame);
  }, [open]);

  function handleClose(outcome?: 'voided') {
    const row = opener.current?.closest('tr');
    focusAfterClose.current =
      outcome === 'voided'
        ? (row?.querySelector<HTMLElement>('[data-action="history"]') ?? null)
        : opener.current;
    setOpen(null);
  }

  if (history.error)
    return (
      <p className="rounded-lg border border-border bg-surface p-4 text-ink">
        Failed to load billing history
      </p>
    );

  return (
    <TableScroll label="Billing History" className="bg-surface">
      <table className="w-full min-w-[34rem] text-left text-sm">
        <caption className="sr-only">Billing History</caption>
        <thead className="border-b border-border bg-surface-muted text-ink">
          <tr>
            <th scope="col" className={HEAD_CELL}>
              CPT Code
            </th>
            <th scope="col" className={`${HEAD_CELL} text-right`}>
              Sessions
            </th>
            <th scope="col" className={`${HEAD_CELL} text-right`}>
              Amount
            </th>
            <th scope="col" className={HEAD_CELL}>
              Date
            </th>
            <th scope="col" className={HEAD_CELL}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {history.isPending ? (
            <TableSkeletonRows columns={5} rows={3} />
          ) : (
            history.data.items.map((entry) => (
              <tr key={entry.id}>
                <BillingEntryCells entry={entry} />
                <td className="px-4 py-2">
                  <BillingEntryActions
                    entry={entry}
                    actor={actor}
                    onAction={(action, button) => {
                      opener.current = button;
                      setOpen({ action, entryId: entry.id });
                    }}
                  />
                </td>
              </tr>
            ))
          )}
          {history.data?.items.length === 0 ? (
            <TableEmptyRow columns={5}>{BILLING_MESSAGES.empty}</TableEmptyRow>
          ) : null}
        </tbody>
        <tfoot className="border-t-2 border-border">
          <tr>
            <th scope="row" colSpan={2} className="px-4 py-3 text-left font-semibold text-ink">
              Total Medical Specials
              {history.data?.items.some((entry) => entry.voidedAt !== null) ? (
                <span className="block text-xs font-normal text-ink-muted">
                  Voided entries are not counted
                </span>
              ) : null}
            </th>
            <td className="px-4 py-3 text-right font-semibold tabular-nums text-ink">
              {history.data ? (
                formatCents(history.data.totalCents)
              ) : (
                <Skeleton className="ml-auto h-5 w-20" />
              )}
            </td>
          </tr>
        </tfoot>
      </table>
      {OpenDialog && openEntry ? (
        <OpenDialog patientId={patientId} entry={openEntry} onClose={handleClose} />
      ) : null}
    </TableScroll>
  );
}
