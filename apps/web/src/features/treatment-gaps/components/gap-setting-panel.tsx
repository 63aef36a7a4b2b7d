import { TREATMENT_GAP_TEXTS } from '@casebridge/domain/gaps/treatment-gap';
import { Section } from '#src/components/ui/section.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useGapSetting } from '#src/features/treatment-gaps/api/gap-setting-api.ts';
import { GapSettingForm } from './gap-setting-form.tsx';

/** 'Treatment gap alert': the clinic's threshold, for its own users and for administrators. */
export function GapSettingPanel({
  clinicId,
  headingId = 'gap-setting-heading',
}: {
  clinicId: string;
  headingId?: string;
}) {
  const setting = useGapSetting(clinicId);
  return (
    <Section
      id={headingId}
      title={TREATMENT_GAP_TEXTS.settingTitle}
      className="mt-8 rounded-lg border border-border bg-surface p-4"
    >
      {setting.data ? (
        <GapSettingForm setting={setting.data} />
      ) : setting.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {getErrorMessage(setting.error, TREATMENT_GAP_TEXTS.settingLoadFailed)}
        </p>
      ) : (
        <Skeleton className="h-20" />
      )}
    </Section>
  );
}
