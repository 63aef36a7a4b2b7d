import {
  ACCIDENT_TYPES,
  ACCIDENT_TYPE_LABELS,
  CASE_FACTS_MESSAGES,
  CASE_STAGES,
  CASE_STAGE_LABELS,
  DEFAULT_CASE_STAGE,
  MAX_CASE_INSURERS,
} from '@casebridge/domain/case-facts/case-facts-constants';
import {
  ZCaseFacts,
  ZSaveCaseFactsRequest,
  type TCaseFactsRecord,
  type TSaveCaseFactsRequest,
} from '@casebridge/domain/case-facts/case-facts.schemas';
import { formatCentsAsDecimal } from '@casebridge/domain/billing/money';
import { Plus } from 'lucide-react';
import { useFieldArray } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input, Select, Textarea } from '#src/components/ui/input.tsx';
import { RecordChangedNotice } from '#src/components/ui/record-changed-notice.tsx';
import { Section } from '#src/components/ui/section.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { getTodayIsoDate } from '#src/lib/format.ts';
import { useRecordEditing } from '#src/lib/record-editing.ts';
import { useSaveCaseFacts } from '#src/features/case-facts/api/case-facts-api.ts';
import { InsurerFields } from './insurer-fields.tsx';

type InsurerValues = TSaveCaseFactsRequest['insurers'][number];
type Values = Required<Omit<TSaveCaseFactsRequest, 'version' | 'insurers'>> & {
  insurers: InsurerValues[];
};

/** Before the first save there is no record: version 0 means the save names no version. */
const NO_FACTS: TCaseFactsRecord = {
  accidentDate: null,
  accidentType: null,
  firmCaseNumber: null,
  stage: DEFAULT_CASE_STAGE,
  insurers: [],
  version: 0,
  updatedAt: '',
  updatedByName: null,
};

const NEW_INSURER: InsurerValues = {
  coverage: 'liability',
  carrier: '',
  claimNumber: '',
  adjusterName: '',
  adjusterPhone: '',
  adjusterEmail: '',
  policyLimit: '',
};

const toValues = (facts: TCaseFactsRecord): Values => ({
  accidentDate: facts.accidentDate ?? '',
  accidentType: facts.accidentType ?? '',
  firmCaseNumber: facts.firmCaseNumber ?? '',
  stage: facts.stage,
  stageNote: '',
  insurers: facts.insurers.map((insurer) => ({
    insurerId: insurer.id,
    coverage: insurer.coverage,
    carrier: insurer.carrier,
    claimNumber: insurer.claimNumber ?? '',
    adjusterName: insurer.adjusterName ?? '',
    adjusterPhone: insurer.adjusterPhone ?? '',
    adjusterEmail: insurer.adjusterEmail ?? '',
    policyLimit:
      insurer.policyLimitCents === null ? '' : formatCentsAsDecimal(insurer.policyLimitCents),
  })),
});

const LABELS = {
  stage: 'Legal case stage',
  accidentDate: 'Accident date',
  accidentType: 'Accident type',
  firmCaseNumber: 'Firm case number',
  insurers: 'Insurers',
};

/** How the 'changed by someone else' notice reads a field. */
function display(field: string, value: unknown): string {
  if (field === 'insurers')
    return (value as InsurerValues[]).map((insurer) => insurer.carrier).join(', ') || '—';
  if (field === 'stage') return CASE_STAGE_LABELS[value as keyof typeof CASE_STAGE_LABELS];
  if (field === 'accidentType' && value)
    return ACCIDENT_TYPE_LABELS[value as keyof typeof ACCIDENT_TYPE_LABELS];
  return value ? String(value) : '—';
}

/**
 * The firm's (and administrators') edit form of the case facts: the stage with a note for the
 * move, the accident, the firm's case number and the insurers. Saved from the version shown; a
 * newer version from someone else never discards what was typed, and neither does a failed save.
 */
export function CaseFactsForm({
  patientId,
  facts,
}: {
  patientId: string;
  facts: TCaseFactsRecord | null;
}) {
  const save = useSaveCaseFacts(patientId);
  const record = facts ?? NO_FACTS;
  const form = useDomainForm(ZSaveCaseFactsRequest, {
    defaultValues: toValues(record),
    toastFirstError: false,
  });
  const insurers = useFieldArray({ control: form.control, name: 'insurers', keyName: 'key' });
  const editing = useRecordEditing({
    record,
    form,
    toValues,
    labels: LABELS,
    display,
    parse: (current) => ZCaseFacts.safeParse(current).data?.facts ?? null,
  });
  const { errors } = form.formState;
  const isStageMoving = form.watch('stage') !== record.stage;

  // The toast follows the save's promise: the user may leave the tab before it answers.
  async function handleValid() {
    const values = form.getValues();
    try {
      const saved = await save.mutateAsync({ body: values, ifMatch: editing.baseVersion });
      if (saved.facts) editing.onSaved(saved.facts);
      toast.success(
        values.stage !== record.stage
          ? CASE_FACTS_MESSAGES.stageChanged(values.stage)
          : CASE_FACTS_MESSAGES.saved,
      );
    } catch (failure) {
      if (editing.onSaveError(failure)) return;
      toast.error(getErrorMessage(failure, CASE_FACTS_MESSAGES.saveFailed));
    }
  }

  return (
    <Section id="case-facts-heading" title="Case facts">
      <form
        noValidate
        onSubmit={form.submitWith(handleValid)}
        className="space-y-5 rounded-lg border border-border bg-surface p-4 shadow-sm sm:p-6"
      >
        <RecordChangedNotice
          change={editing.change}
          onKeepMine={editing.keepMine}
          onUseTheirs={editing.useTheirs}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="case-stage" label={LABELS.stage} error={errors.stage?.message}>
            <Select {...form.register('stage')}>
              {CASE_STAGES.map((stage) => (
                <option key={stage} value={stage}>
                  {CASE_STAGE_LABELS[stage]}
                </option>
              ))}
            </Select>
          </FormField>
          {isStageMoving ? (
            <FormField
              id="case-stage-note"
              label="Note on the stage change (optional)"
              hint="Kept in the stage history, which every party of the patient reads"
              error={errors.stageNote?.message}
            >
              <Textarea rows={2} {...form.register('stageNote')} />
            </FormField>
          ) : null}
          <FormField
            id="case-accident-date"
            label={LABELS.accidentDate}
            error={errors.accidentDate?.message}
          >
            <Input type="date" max={getTodayIsoDate()} {...form.register('accidentDate')} />
          </FormField>
          <FormField
            id="case-accident-type"
            label={LABELS.accidentType}
            error={errors.accidentType?.message}
          >
            <Select {...form.register('accidentType')}>
              <option value="">Not recorded</option>
              {ACCIDENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {ACCIDENT_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField
            id="case-number"
            label={LABELS.firmCaseNumber}
            error={errors.firmCaseNumber?.message}
          >
            <Input autoComplete="off" {...form.register('firmCaseNumber')} />
          </FormField>
        </div>
        <div className="space-y-3">
          <h3 className="font-semibold text-ink">Insurers</h3>
          {insurers.fields.length === 0 ? (
            <p className="text-sm text-ink-muted">{CASE_FACTS_MESSAGES.noInsurers}</p>
          ) : null}
          {insurers.fields.map((field, index) => (
            <InsurerFields
              key={field.key}
              form={form}
              index={index}
              onRemove={() => insurers.remove(index)}
            />
          ))}
          {errors.insurers?.message ? (
            <p className="text-xs text-danger">{errors.insurers.message}</p>
          ) : null}
          <Button
            variant="secondary"
            size="sm"
            disabled={insurers.fields.length >= MAX_CASE_INSURERS}
            onClick={() => insurers.append({ ...NEW_INSURER })}
          >
            <Plus className="h-4 w-4" aria-hidden />
            Add insurer
          </Button>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save case facts'}
          </Button>
          {facts?.updatedByName ? (
            <span className="text-xs text-ink-muted">Last saved by {facts.updatedByName}</span>
          ) : null}
        </div>
      </form>
    </Section>
  );
}
