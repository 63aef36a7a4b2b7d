import {
  CLOSING_TEXTS,
  SETTLEMENT_SOURCE_LABELS,
  SETTLEMENT_SOURCES,
  ZRecordSettlementRequest,
  type TSettlementRecord,
} from '@casebridge/domain/closing/closing.schemas';
import { formatCentsAsDecimal } from '@casebridge/domain/billing/money';
import { formatBasisPoints } from '@casebridge/domain/liens/basis-points';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { getTodayIsoDate } from '#src/lib/format.ts';
import { useRecordSettlement } from '#src/features/closing/api/closing-api.ts';

const selectClass =
  'h-10 w-full rounded-md border border-border bg-surface px-3 text-sm text-ink focus-visible:outline-2 focus-visible:outline-brand';

function toValues(settlement: TSettlementRecord | null) {
  return settlement
    ? {
        gross: formatCentsAsDecimal(settlement.grossCents),
        settledOn: settlement.settledOn,
        source: settlement.source,
        feePercent: formatBasisPoints(settlement.feeBasisPoints),
        costs: formatCentsAsDecimal(settlement.costsCents),
        note: settlement.note ?? '',
      }
    : {
        gross: '',
        settledOn: getTodayIsoDate(),
        source: 'bodily_injury' as const,
        feePercent: '33.33',
        costs: '',
        note: '',
      };
}

/**
 * Record or edit the settlement (the firm): the first save moves the case to Settled. A save
 * names the version shown; a failure (a newer version included) keeps what was typed.
 */
export function SettlementForm({
  patientId,
  settlement,
  onDone,
}: {
  patientId: string;
  settlement: TSettlementRecord | null;
  onDone: () => void;
}) {
  const save = useRecordSettlement(patientId);
  const form = useDomainForm(ZRecordSettlementRequest, {
    defaultValues: toValues(settlement),
    toastFirstError: false,
  });
  const { errors } = form.formState;

  function handleValid() {
    save.mutate(
      { body: form.getValues(), ifMatch: settlement?.version ?? 0 },
      {
        onSuccess: () => {
          toast.success(
            settlement ? CLOSING_TEXTS.settlementSaved : CLOSING_TEXTS.settlementRecorded,
          );
          onDone();
        },
        onError: (error) => toast.error(getErrorMessage(error, CLOSING_TEXTS.settlementSaveFailed)),
      },
    );
  }

  return (
    <form
      noValidate
      aria-label={settlement ? CLOSING_TEXTS.editSettlement : CLOSING_TEXTS.recordSettlement}
      onSubmit={form.submitWith(handleValid)}
      className="grid items-start gap-4 sm:grid-cols-3"
    >
      <FormField
        id="closing-settlement-gross"
        label={CLOSING_TEXTS.grossLabel}
        error={errors.gross?.message}
      >
        <Input inputMode="decimal" autoComplete="off" {...form.register('gross')} />
      </FormField>
      <FormField
        id="closing-settlement-settled-on"
        label={CLOSING_TEXTS.settledOnLabel}
        error={errors.settledOn?.message}
      >
        <Input type="date" max={getTodayIsoDate()} {...form.register('settledOn')} />
      </FormField>
      <FormField
        id="closing-settlement-source"
        label={CLOSING_TEXTS.sourceLabel}
        error={errors.source?.message}
      >
        <select className={selectClass} {...form.register('source')}>
          {SETTLEMENT_SOURCES.map((source) => (
            <option key={source} value={source}>
              {SETTLEMENT_SOURCE_LABELS[source]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        id="closing-settlement-fee"
        label={CLOSING_TEXTS.feeLabel}
        error={errors.feePercent?.message}
      >
        <Input inputMode="decimal" autoComplete="off" {...form.register('feePercent')} />
      </FormField>
      <FormField
        id="closing-settlement-costs"
        label={CLOSING_TEXTS.costsLabel}
        error={errors.costs?.message}
      >
        <Input inputMode="decimal" autoComplete="off" {...form.register('costs')} />
      </FormField>
      <FormField
        id="closing-settlement-note"
        label={CLOSING_TEXTS.noteLabel}
        error={errors.note?.message}
      >
        <Input autoComplete="off" {...form.register('note')} />
      </FormField>
      <div className="flex gap-2 sm:col-span-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : CLOSING_TEXTS.saveSettlement}
        </Button>
        {settlement ? (
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
