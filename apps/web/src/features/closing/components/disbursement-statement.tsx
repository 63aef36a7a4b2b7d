import {
  CLOSING_TEXTS,
  PAYOFF_STATUS_LABELS,
  SETTLEMENT_SOURCE_LABELS,
} from '@casebridge/domain/closing/closing-constants';
import { lienTakeCents } from '@casebridge/domain/closing/disbursement';
import { CASE_STAGE_LABELS } from '@casebridge/domain/case-facts/case-facts-constants';
import { formatBasisPoints } from '@casebridge/domain/liens/basis-points';
import { formatUsd } from '@casebridge/domain/liens/reduction-texts';
import type { ReactNode } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { PageSpinner } from '#src/components/ui/spinner.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { formatDate } from '#src/lib/format.ts';
import { statementPdfUrl, useClosing } from '#src/features/closing/api/closing-api.ts';

/**
 * On paper only the statement shows, black on white whatever the theme: the app's header,
 * toasts and these buttons are left out.
 */
const PRINT_CSS = `@media print {
  header, [data-sonner-toaster], [data-print-hidden] { display: none !important; }
  html, body, main, article { background: #fff !important; color: #000 !important; }
  article * { color: #000 !important; border-color: #555 !important; }
  main { max-width: none !important; padding: 0 !important; }
  @page { margin: 18mm; }
}`;

/** The disbursement statement on screen, one printable page: the PDF's figures and dates. */
export function DisbursementStatement({
  patientId,
  patientName,
  backLink,
}: {
  patientId: string;
  patientName: string;
  backLink: ReactNode;
}) {
  const query = useClosing(patientId);
  if (query.isPending) return <PageSpinner label="Loading statement" />;
  if (query.isError)
    return (
      <p role="alert" className="mt-6 text-sm text-red-700 dark:text-red-300">
        {getErrorMessage(query.error, CLOSING_TEXTS.loadFailed)}
      </p>
    );
  const { settlement, figures, liens, stage } = query.data;
  const rows: Array<[string, string]> =
    settlement && figures
      ? [
          ['Client', patientName],
          ['Case stage', CASE_STAGE_LABELS[stage]],
          ['Settlement date', formatDate(settlement.settledOn)],
          ['Source', SETTLEMENT_SOURCE_LABELS[settlement.source]],
          ['Disbursed on', settlement.disbursedOn ? formatDate(settlement.disbursedOn) : 'Not yet'],
        ]
      : [];
  return (
    <article aria-labelledby="statement-title" className="mx-auto max-w-2xl py-6 text-ink">
      <style>{PRINT_CSS}</style>
      <div data-print-hidden className="mb-6 flex flex-wrap gap-2">
        <Button onClick={() => window.print()} disabled={!settlement}>
          {CLOSING_TEXTS.print}
        </Button>
        <a
          href={statementPdfUrl(patientId)}
          download
          className="inline-flex h-10 items-center rounded-md border border-border bg-surface px-4 text-sm font-medium text-ink hover:bg-surface-muted"
        >
          {CLOSING_TEXTS.downloadStatement}
        </a>
        {backLink}
      </div>
      <h1 id="statement-title" className="text-2xl font-semibold">
        {CLOSING_TEXTS.statementTitle}
      </h1>
      {settlement && figures ? (
        <>
          <dl className="mt-4 text-sm">
            {rows.map(([label, value]) => (
              <div key={label} className="flex justify-between border-b border-border py-1">
                <dt className="text-ink-muted">{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <table className="mt-6 w-full text-sm">
            <caption className="sr-only">Disbursement</caption>
            <tbody>
              <tr className="border-b border-border font-semibold">
                <th scope="row" className="py-1 text-left">
                  Gross settlement
                </th>
                <td className="text-right">{formatUsd(figures.grossCents)}</td>
              </tr>
              <tr className="border-b border-border">
                <th scope="row" className="py-1 text-left font-normal">
                  Attorney fee ({formatBasisPoints(settlement.feeBasisPoints)} %)
                </th>
                <td className="text-right">-{formatUsd(figures.feeCents)}</td>
              </tr>
              <tr className="border-b border-border">
                <th scope="row" className="py-1 text-left font-normal">
                  Case costs
                </th>
                <td className="text-right">-{formatUsd(figures.costsCents)}</td>
              </tr>
              {liens.map((lien) => {
                const payoff =
                  lien.payoffs.find((p) => p.status === 'confirmed') ??
                  lien.payoffs.find((p) => p.status === 'proposed');
                return (
                  <tr key={lien.lienholderId} className="border-b border-border">
                    <th scope="row" className="py-1 text-left font-normal">
                      {lien.lienholderName} (
                      {payoff ? PAYOFF_STATUS_LABELS[payoff.status] : 'No payoff proposed'})
                    </th>
                    <td className="text-right">
                      -
                      {formatUsd(
                        lienTakeCents({
                          balanceCents: lien.balanceCents,
                          payoffCents: payoff?.amountCents ?? null,
                        }),
                      )}
                    </td>
                  </tr>
                );
              })}
              <tr className="font-semibold">
                <th scope="row" className="py-2 text-left">
                  {figures.netCents < 0 ? CLOSING_TEXTS.shortfall : CLOSING_TEXTS.netToClient}
                </th>
                <td className="text-right">{formatUsd(figures.netCents)}</td>
              </tr>
            </tbody>
          </table>
        </>
      ) : (
        <p className="mt-6 text-sm">{CLOSING_TEXTS.noSettlement}</p>
      )}
    </article>
  );
}
