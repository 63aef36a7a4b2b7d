import {
  CASE_UPDATE_TEXTS,
  MAX_CASE_UPDATE_INTERVAL_DAYS,
  MIN_CASE_UPDATE_INTERVAL_DAYS,
  ZCaseUpdateSetting,
  ZUpdateCaseUpdateSettingRequest,
  type TCaseUpdateSetting,
} from '@casebridge/domain/case-updates/case-updates.schemas';
import { toast } from 'sonner';
import { DaysSettingForm } from '#src/components/ui/days-setting-form.tsx';
import { Section } from '#src/components/ui/section.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useRecordEditing } from '#src/lib/record-editing.ts';
import {
  useCaseUpdateSetting,
  useSaveCaseUpdateSetting,
} from '#src/features/case-facts/api/case-updates-api.ts';

type Values = { intervalDays: number };

const toValues = (setting: TCaseUpdateSetting): Values => ({
  intervalDays: setting.intervalDays,
});
const LABELS = { intervalDays: CASE_UPDATE_TEXTS.settingLabel };

/**
 * The firm's interval, edited from the version shown: another user's save meanwhile replaces an
 * untouched form and is offered for review over a touched one.
 */
export function CaseUpdateSettingForm({ setting }: { setting: TCaseUpdateSetting }) {
  const save = useSaveCaseUpdateSetting(setting.firmId);
  const form = useDomainForm(ZUpdateCaseUpdateSettingRequest, {
    defaultValues: toValues(setting),
    toastFirstError: false,
  });
  const editing = useRecordEditing({
    record: setting,
    form,
    toValues,
    labels: LABELS,
    parse: (current) => ZCaseUpdateSetting.safeParse(current).data ?? null,
  });
  const fieldId = `case-update-interval-${setting.firmId}`;

  function handleValid(values: { intervalDays: number }) {
    save.mutate(
      { intervalDays: values.intervalDays, ifMatch: editing.baseVersion },
      {
        onSuccess: (saved) => {
          editing.onSaved(saved);
          toast.success(CASE_UPDATE_TEXTS.settingSaved);
        },
        onError: (failure) => {
          if (editing.onSaveError(failure)) return;
          toast.error(getErrorMessage(failure, CASE_UPDATE_TEXTS.settingSaveFailed));
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
        label: CASE_UPDATE_TEXTS.settingLabel,
        hint: CASE_UPDATE_TEXTS.settingHint,
        error: form.formState.errors.intervalDays?.message,
        min: MIN_CASE_UPDATE_INTERVAL_DAYS,
        max: MAX_CASE_UPDATE_INTERVAL_DAYS,
        register: form.register('intervalDays', { valueAsNumber: true }),
      }}
      saveLabel={CASE_UPDATE_TEXTS.settingSave}
      isSaving={save.isPending}
    />
  );
}

/** 'Case updates owed': the firm's interval, for its own attorneys and for administrators. */
export function CaseUpdateSettingPanel({ firmId }: { firmId: string }) {
  const setting = useCaseUpdateSetting(firmId);
  return (
    <Section
      id="case-update-setting-heading"
      title={CASE_UPDATE_TEXTS.settingTitle}
      className="mt-8 rounded-lg border border-border bg-surface p-4"
    >
      {setting.data ? (
        <CaseUpdateSettingForm setting={setting.data} />
      ) : setting.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {getErrorMessage(setting.error, CASE_UPDATE_TEXTS.settingLoadFailed)}
        </p>
      ) : (
        <Skeleton className="h-20" />
      )}
    </Section>
  );
}
