import { BULK_TEXTS } from '@casebridge/domain/patients/bulk-texts';
import { canChangeStatus } from '@casebridge/domain/patients/patient.policy';
import { getRequestableKinds } from '@casebridge/domain/requests/case-request.policy';
import type {
  TBulkCaseRequestAnswer,
  TBulkCaseUpdateAskAnswer,
  TBulkStatusAnswer,
} from '@casebridge/domain/patients/bulk.schemas';
import { hasCapability } from '@casebridge/domain/capabilities';
import { Download, FileText, ListChecks, MessageSquareMore, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { LazyBoundary } from '#src/lib/lazy-boundary.tsx';
import { lazyComponent } from '#src/lib/lazy-component.ts';
import { exportPatientsCsv, useBulkCaseUpdateAsks } from '#src/features/patients/api/bulk-api.ts';
import type { PatientSelection } from '#src/features/patients/hooks/use-patient-selection.ts';
import { BulkResults, type BulkResultRow } from './bulk-results.tsx';

// The dialogs validate with the domain schemas (zod): they load when first wanted (ADR 0015).
const BulkStatusDialog = lazyComponent(
  () => import('./bulk-dialogs.tsx'),
  (module) => module.BulkStatusDialog,
);
const BulkRequestDialog = lazyComponent(
  () => import('./bulk-dialogs.tsx'),
  (module) => module.BulkRequestDialog,
);

type Action = 'status' | 'requests';

/**
 * The result rows of an answer: each patient by the name the list showed (the server names no
 * patient it may not show), done or why not, with a status change's undo window.
 */
function toRows(
  answer: TBulkStatusAnswer | TBulkCaseRequestAnswer | TBulkCaseUpdateAskAnswer,
  names: ReadonlyMap<string, string>,
): BulkResultRow[] {
  return answer.results.map((result) => {
    const name = names.get(result.patientId) ?? result.patientName ?? result.patientId;
    const isDone = result.outcome === 'done';
    const base = { patientId: result.patientId, name, isDone, undo: null };
    if (!('requests' in result) && !('current' in result))
      return { ...base, text: isDone ? BULK_TEXTS.asked : (result.message ?? '') };
    if ('requests' in result) {
      const clinics = result.requests.map((request) => request.clinicName);
      return { ...base, text: isDone ? BULK_TEXTS.requested(clinics) : (result.message ?? '') };
    }
    const text =
      isDone && result.current
        ? BULK_TEXTS.changedTo(result.current.treatmentStatus)
        : (result.message ?? '');
    return { ...base, text, undo: result.undo };
  });
}

/**
 * The sticky bar of a dashboard list once patients are chosen: how many, and what the user's
 * role may do with them (change status: clinics and admins; request records: the firm and
 * admins; ask for case updates: clinics and lienholders; export CSV: everyone), then what each
 * action did, patient by patient.
 */
export function BulkActionBar({ selection }: { selection: PatientSelection }) {
  const user = useCurrentUser();
  const [open, setOpen] = useState<Action | null>(null);
  const [rows, setRows] = useState<BulkResultRow[] | null>(null);
  const [isExporting, setIsExporting] = useState(false);
  const { selected } = selection;
  const canStatus = canChangeStatus(user);
  const canRequest = getRequestableKinds(user.role).includes('medical_records');
  const canAsk = hasCapability(user.role, 'case-updates:request');
  const ask = useBulkCaseUpdateAsks();
  const names = new Map(selected.map((patient) => [patient.id, patient.fullName]));
  const answered = (
    answer: TBulkStatusAnswer | TBulkCaseRequestAnswer | TBulkCaseUpdateAskAnswer,
  ) => setRows(toRows(answer, names));

  function askForUpdates() {
    ask.mutateAsync(selected.map((patient) => patient.id)).then(
      (answer) => {
        toast.success(BULK_TEXTS.asksSent(answer.done));
        answered(answer);
      },
      (error: unknown) =>
        toast.error(BULK_TEXTS.askFailed, {
          description: getErrorMessage(error, 'Please try again.'),
        }),
    );
  }

  function exportCsv() {
    setIsExporting(true);
    exportPatientsCsv(selected.map((patient) => patient.id))
      .then(
        () => toast.success(BULK_TEXTS.exported(selected.length)),
        (error: unknown) =>
          toast.error(BULK_TEXTS.exportFailed, {
            description: getErrorMessage(error, 'Please try again.'),
          }),
      )
      .finally(() => setIsExporting(false));
  }

  return (
    <>
      {rows || selected.length > 0 ? (
        // Sticky at the bottom of the screen while the list is in view: the results and the
        // actions stay in reach however far down the chosen patients are.
        <div className="sticky bottom-0 z-20 mb-2 space-y-2 pt-2">
          {rows ? <BulkResults rows={rows} onDismiss={() => setRows(null)} /> : null}
          {selected.length > 0 ? (
            <div
              role="region"
              aria-label="Selected patients"
              className="flex flex-wrap items-center gap-2 rounded-lg border border-border bg-surface p-2 shadow-lg"
            >
              <p className="mr-auto px-2 text-sm font-semibold text-ink" aria-live="polite">
                {BULK_TEXTS.selected(selected.length)}
              </p>
              {canStatus ? (
                <Button
                  size="sm"
                  onClick={() => setOpen('status')}
                  onPointerEnter={BulkStatusDialog.preload}
                  onFocus={BulkStatusDialog.preload}
                >
                  <ListChecks className="h-4 w-4" aria-hidden />
                  {BULK_TEXTS.changeStatus}
                </Button>
              ) : null}
              {canRequest ? (
                <Button
                  size="sm"
                  onClick={() => setOpen('requests')}
                  onPointerEnter={BulkRequestDialog.preload}
                  onFocus={BulkRequestDialog.preload}
                >
                  <FileText className="h-4 w-4" aria-hidden />
                  {BULK_TEXTS.requestRecords}
                </Button>
              ) : null}
              {canAsk ? (
                <Button size="sm" onClick={askForUpdates} disabled={ask.isPending}>
                  <MessageSquareMore className="h-4 w-4" aria-hidden />
                  {ask.isPending ? BULK_TEXTS.asking : BULK_TEXTS.askUpdates}
                </Button>
              ) : null}
              <Button size="sm" variant="secondary" onClick={exportCsv} disabled={isExporting}>
                <Download className="h-4 w-4" aria-hidden />
                {isExporting ? BULK_TEXTS.exporting : BULK_TEXTS.exportCsv}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => selection.clear()}>
                <X className="h-4 w-4" aria-hidden />
                {BULK_TEXTS.clearSelection}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
      {open ? (
        <LazyBoundary fallback={null}>
          {open === 'status' ? (
            <BulkStatusDialog.Component
              patients={selected}
              onClose={() => setOpen(null)}
              onAnswered={answered}
            />
          ) : (
            <BulkRequestDialog.Component
              patients={selected}
              onClose={() => setOpen(null)}
              onAnswered={answered}
            />
          )}
        </LazyBoundary>
      ) : null}
    </>
  );
}
