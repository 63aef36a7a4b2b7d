import { getErrorMessage } from '#src/lib/api-client.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { Button } from '#src/components/ui/button.tsx';
import { PageTitle } from '#src/components/ui/page-title.tsx';
import { PageSpinner } from '#src/components/ui/spinner.tsx';
import { useSettlement } from '#src/features/settlements/api/settlements-api.ts';
import { SettlementFiguresTable } from './settlement-figures.tsx';

/** On paper only the sheet shows: the app's header, toasts and these buttons are left out. */
const PRINT_CSS = `@media print {
  header, [data-sonner-toaster], [data-print-hidden] { display: none !important; }
  main { max-width: none !important; padding: 0 !important; }
  @page { margin: 18mm; }
}`;

/** The saved settlement draft as one clean page, with a button that prints it. */
export function SettlementPrint({
  patientId,
  patientName,
  backLink,
}: {
  patientId: string;
  patientName: string;
  backLink: React.ReactNode;
}) {
  const query = useSettlement(patientId);
  if (query.isPending) return <PageSpinner label="Loading settlement preview" />;
  if (query.isError)
    return (
      <p role="alert" className="mt-6 text-sm text-red-700 dark:text-red-300">
        {getErrorMessage(query.error, 'The settlement preview could not be loaded.')}
      </p>
    );
  const { draft, figures, liens } = query.data;
  return (
    <article aria-labelledby="settlement-print-title" className="mx-auto max-w-2xl py-6 text-ink">
      <style>{PRINT_CSS}</style>
      <div data-print-hidden className="mb-6 flex flex-wrap gap-2">
        <Button onClick={() => window.print()} disabled={!draft}>
          Print
        </Button>
        {backLink}
      </div>
      <div id="settlement-print-title">
        <PageTitle>Settlement preview</PageTitle>
      </div>
      <p className="mt-1 text-sm">Patient: {patientName}</p>
      {draft ? (
        <>
          <p className="mb-6 text-sm text-ink-muted">
            Draft version {draft.version}, saved {formatDateTime(draft.updatedAt)}
            {draft.updatedByName ? ` by ${draft.updatedByName}` : ''}
          </p>
          <SettlementFiguresTable
            figures={figures}
            feeBasisPoints={draft.feeBasisPoints}
            liens={liens}
          />
          {draft.note ? <p className="mt-6 text-sm">Note: {draft.note}</p> : null}
          <p className="mt-8 text-xs text-ink-muted">
            A preview for discussion, not a settlement statement. Lien balances as of the time of
            printing.
          </p>
        </>
      ) : (
        <p className="mt-6 text-sm">No settlement draft has been saved for this patient yet.</p>
      )}
    </article>
  );
}
