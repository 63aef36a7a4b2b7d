import {
  formatBasisPoints,
  parsePercentToBasisPoints,
} from '@casebridge/domain/liens/basis-points';
import { formatCentsAsDecimal, parseAmountToCents } from '@casebridge/domain/billing/money';
import { computeSettlement } from '@casebridge/domain/settlements/settlement';
import {
  ZSaveSettlementRequest,
  ZSettlement,
  type TSettlement,
  type TSettlementDraft,
} from '@casebridge/domain/settlements/settlement.schemas';
import { Printer } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input, Textarea } from '#src/components/ui/input.tsx';
import { RecordChangedNotice } from '#src/components/ui/record-changed-notice.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useRecordEditing } from '#src/lib/record-editing.ts';
import { useSaveSettlement } from '#src/features/settlements/api/settlements-api.ts';
import { SettlementFiguresTable } from './settlement-figures.tsx';

type Values = { gross: string; feePercent: string; costs: string; note: string };

/** Before the first save there is no draft: version 0 means the save names no version. */
const NO_DRAFT: TSettlementDraft = {
  grossCents: 0,
  feeBasisPoints: 3333,
  costsCents: 0,
  note: null,
  version: 0,
  updatedAt: '',
  updatedByName: null,
};

const toValues = (draft: TSettlementDraft): Values => ({
  gross: draft.version === 0 ? '' : formatCentsAsDecimal(draft.grossCents),
  feePercent: formatBasisPoints(draft.feeBasisPoints),
  costs: formatCentsAsDecimal(draft.costsCents),
  note: draft.note ?? '',
});
const LABELS = {
  gross: 'Gross settlement',
  feePercent: 'Attorney fee (%)',
  costs: 'Case costs',
  note: 'Note',
};

/** The figures of what is typed, as the attorney types; null while a figure does not parse. */
function previewOf(values: Values, settlement: TSettlement) {
  const grossCents = parseAmountToCents(values.gross);
  const feeBasisPoints = parsePercentToBasisPoints(values.feePercent || '0');
  const costsCents = values.costs.trim() === '' ? 0 : parseAmountToCents(values.costs);
  if (grossCents === null || feeBasisPoints === null || costsCents === null) return null;
  return computeSettlement({
    grossCents,
    feeBasisPoints,
    costsCents,
    liens: settlement.liens,
  });
}

/**
 * The attorney's settlement worksheet: gross, fee and costs as typed, the liens as they are
 * now, and the net worked out on every keystroke by the domain's arithmetic; saved as the firm's
 * draft from the version shown, and printable once saved.
 */
export function SettlementWorksheet({
  patientId,
  settlement,
}: {
  patientId: string;
  settlement: TSettlement;
}) {
  const save = useSaveSettlement(patientId);
  const record = settlement.draft ?? NO_DRAFT;
  const form = useDomainForm(ZSaveSettlementRequest, {
    defaultValues: toValues(record),
    toastFirstError: false,
  });
  const editing = useRecordEditing({
    record,
    form,
    toValues,
    labels: LABELS,
    parse: (current) => ZSettlement.safeParse(current).data?.draft ?? null,
  });
  const { errors, isDirty } = form.formState;
  const values = form.watch() as Values;
  const preview = previewOf(values, settlement);

  function handleValid() {
    save.mutate(
      { body: form.getValues(), ifMatch: editing.baseVersion },
      {
        onSuccess: (saved) => {
          if (saved.draft) editing.onSaved(saved.draft);
          toast.success('Settlement draft saved');
        },
        onError: (failure) => {
          if (editing.onSaveError(failure)) return;
          toast.error(getErrorMessage(failure, 'The settlement draft could not be saved.'));
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={form.submitWith(handleValid)} className="space-y-4">
      <RecordChangedNotice
        change={editing.change}
        onKeepMine={editing.keepMine}
        onUseTheirs={editing.useTheirs}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField
          id="settlement-gross"
          label={LABELS.gross}
          error={errors.gross?.message}
          isRequired
        >
          <Input inputMode="decimal" autoComplete="off" {...form.register('gross')} />
        </FormField>
        <FormField id="settlement-fee" label={LABELS.feePercent} error={errors.feePercent?.message}>
          <Input inputMode="decimal" autoComplete="off" {...form.register('feePercent')} />
        </FormField>
        <FormField id="settlement-costs" label={LABELS.costs} error={errors.costs?.message}>
          <Input inputMode="decimal" autoComplete="off" {...form.register('costs')} />
        </FormField>
      </div>
      <FormField id="settlement-note" label={LABELS.note} error={errors.note?.message}>
        <Textarea rows={2} {...form.register('note')} />
      </FormField>
      <div aria-live="polite">
        <SettlementFiguresTable
          figures={preview}
          feeBasisPoints={parsePercentToBasisPoints(values.feePercent || '0')}
          liens={settlement.liens}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save draft'}
        </Button>
        {settlement.draft && !isDirty ? (
          <Link
            to={`/patients/${encodeURIComponent(patientId)}/settlement/print`}
            className="inline-flex h-10 items-center gap-2 rounded-md border border-border bg-surface px-4 text-sm font-medium text-ink hover:bg-surface-muted"
          >
            <Printer className="h-4 w-4" aria-hidden />
            Print view
          </Link>
        ) : (
          <span className="text-sm text-ink-muted">Save the draft to print it.</span>
        )}
        {settlement.draft?.updatedByName ? (
          <span className="text-xs text-ink-muted">Saved by {settlement.draft.updatedByName}</span>
        ) : null}
      </div>
    </form>
  );
}
