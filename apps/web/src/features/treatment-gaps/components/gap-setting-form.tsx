import {
  MAX_GAP_THRESHOLD_DAYS,
  MIN_GAP_THRESHOLD_DAYS,
} from '@casebridge/domain/gaps/treatment-gap-constants';
import { TREATMENT_GAP_TEXTS } from '@casebridge/domain/gaps/treatment-gap';
import {
  ZGapSetting,
  ZUpdateGapSettingRequest,
  type TGapSetting,
} from '@casebridge/domain/gaps/treatment-gap.schemas';
import { toast } from 'sonner';
import { DaysSettingForm } from '#src/components/ui/days-setting-form.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useRecordEditing } from '#src/lib/record-editing.ts';
import { useSaveGapSetting } from '#src/features/treatment-gaps/api/gap-setting-api.ts';

type Values = { thresholdDays: number };

const toValues = (setting: TGapSetting): Values => ({ thresholdDays: setting.thresholdDays });
const LABELS = { thresholdDays: 'Days without treatment' };

/**
 * A clinic's threshold, edited from the version shown: another user's save meanwhile replaces an
 * untouched form and is offered for review over a touched one.
 */
export function GapSettingForm({ setting }: { setting: TGapSetting }) {
  const save = useSaveGapSetting(setting.clinicId);
  const form = useDomainForm(ZUpdateGapSettingRequest, {
    defaultValues: toValues(setting),
    toastFirstError: false,
  });
  const editing = useRecordEditing({
    record: setting,
    form,
    toValues,
    labels: LABELS,
    parse: (current) => ZGapSetting.safeParse(current).data ?? null,
  });
  const fieldId = `gap-threshold-${setting.clinicId}`;

  function handleValid(values: { thresholdDays: number }) {
    save.mutate(
      { thresholdDays: values.thresholdDays, ifMatch: editing.baseVersion },
      {
        onSuccess: (saved) => {
          editing.onSaved(saved);
          toast.success(TREATMENT_GAP_TEXTS.settingSaved);
        },
        onError: (failure) => {
          if (editing.onSaveError(failure)) return;
          toast.error(getErrorMessage(failure, TREATMENT_GAP_TEXTS.settingSaveFailed));
        },
      },
    );
  }

  return (
    <DaysSettingForm
      onSubmit={form.submitWith(handleValid)}
      editing={editing}
      field={{
        id: fieldId,
        label: TREATMENT_GAP_TEXTS.settingLabel,
        hint: `${TREATMENT_GAP_TEXTS.settingHint} From ${MIN_GAP_THRESHOLD_DAYS} to ${MAX_GAP_THRESHOLD_DAYS} days.`,
        error: form.formState.errors.thresholdDays?.message,
        min: MIN_GAP_THRESHOLD_DAYS,
        max: MAX_GAP_THRESHOLD_DAYS,
        register: form.register('thresholdDays', { valueAsNumber: true }),
      }}
      saveLabel={TREATMENT_GAP_TEXTS.settingSave}
      isSaving={save.isPending}
    />
  );
}
