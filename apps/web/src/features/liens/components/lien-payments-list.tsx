import { LIEN_MESSAGES, type TLienPayment } from '@casebridge/domain/liens/lien-ledger.schemas';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { ReasonConfirmDialog } from '#src/components/ui/reason-confirm-dialog.tsx';
import { TableEmptyRow, TableHead, TableSkeletonRows } from '#src/components/ui/table-rows.tsx';
import { TableScroll } from '#src/components/ui/table-scroll.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { formatCents, formatDate } from '#src/lib/format.ts';
import { useLienPayments, useVoidLienPayment } from '#src/features/liens/api/liens-api.ts';

const COLUMNS = ['Date received', 'Amount', 'Reference', 'Recorded by', 'Actions'] as const;

/** The lien's payments for its lienholder; a live payment can be voided with a reason. */
export function LienPaymentsList({
  patientId,
  lienholderId,
  lienholderName,
}: {
  patientId: string;
  lienholderId: string;
  lienholderName: string;
}) {
  const payments = useLienPayments(patientId, lienholderId);
  const voidPayment = useVoidLienPayment(patientId, lienholderId);
  const [voiding, setVoiding] = useState<TLienPayment | null>(null);

  function handleConfirm(reason: string) {
    if (!voiding) return;
    voidPayment.mutate(
      { paymentId: voiding.id, reason },
      {
        onSuccess: () => {
          toast.success(LIEN_MESSAGES.paymentVoided);
          setVoiding(null);
        },
        onError: (error) => {
          toast.error(getErrorMessage(error, LIEN_MESSAGES.paymentVoidFailed));
          setVoiding(null);
        },
      },
    );
  }

  return (
    <div className="mt-4">
      <TableScroll label={`Payments to ${lienholderName}`} className="bg-surface">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">Payments to {lienholderName}</caption>
          <TableHead columns={COLUMNS} />
          <tbody className="divide-y divide-border">
            {payments.isPending ? <TableSkeletonRows columns={COLUMNS.length} rows={2} /> : null}
            {payments.error ? (
              <TableEmptyRow columns={COLUMNS.length}>
                {getErrorMessage(payments.error, 'Failed to load payments')}
              </TableEmptyRow>
            ) : null}
            {payments.data?.length === 0 ? (
              <TableEmptyRow columns={COLUMNS.length}>{LIEN_MESSAGES.noPayments}</TableEmptyRow>
            ) : null}
            {payments.data?.map((payment) => (
              <tr key={payment.id} className={payment.voidedAt ? 'text-ink-muted' : undefined}>
                <td className="px-4 py-3">{formatDate(payment.paidOn)}</td>
                <td className="px-4 py-3 tabular-nums">
                  <span className={payment.voidedAt ? 'line-through' : undefined}>
                    {formatCents(payment.amountCents)}
                  </span>
                  {payment.voidedAt ? (
                    <span className="ml-2 text-xs">Voided: {payment.voidReason}</span>
                  ) : null}
                </td>
                <td className="px-4 py-3">{payment.reference ?? '—'}</td>
                <td className="px-4 py-3">{payment.recordedByName}</td>
                <td className="px-4 py-3">
                  {payment.voidedAt ? null : (
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setVoiding(payment)}
                      aria-label={`Void payment of ${formatCents(payment.amountCents)} on ${formatDate(payment.paidOn)}`}
                    >
                      Void
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {voiding ? (
        <ReasonConfirmDialog
          title="Void Payment"
          question={`Void the payment of ${formatCents(voiding.amountCents)} received ${formatDate(voiding.paidOn)}? It stays listed, marked Voided, and no balance counts it.`}
          confirmLabel="Void Payment"
          pendingLabel="Voiding..."
          isPending={voidPayment.isPending}
          onConfirm={handleConfirm}
          onClose={() => setVoiding(null)}
        />
      ) : null}
    </div>
  );
}
