import { SESSION_TIMEOUT_MINUTES, UPLOAD_LIMIT_MB } from '@casebridge/domain/constants';
import {
  SETTINGS_MESSAGES,
  ZUpdateSettingsRequest,
} from '@casebridge/domain/settings/settings-admin.schemas';
import {
  ZSettingsRecord,
  type TSettings,
  type TSettingsRecord,
} from '@casebridge/domain/settings/settings.schemas';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { RecordChangedNotice } from '#src/components/ui/record-changed-notice.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useRecordEditing } from '#src/lib/record-editing.ts';
import { useSaveSettings } from '#src/features/admin/api/settings-api.ts';
import type { Role } from '@casebridge/domain/roles';
import { describeRequiredRoles, RequireMfaField } from './require-mfa-field.tsx';

type Toggle = Exclude<
  keyof TSettings,
  'maxUploadMb' | 'sessionTimeoutMinutes' | 'smsNotificationsEnabled' | 'requireMfaRoles'
>;

const TOGGLES: Array<{ key: Toggle; label: string; hint: string }> = [
  {
    key: 'allowClinicPatientCreation',
    label: 'Allow Clinic Patient Creation',
    hint: 'When off, only administrators add patients.',
  },
  {
    key: 'requireUserApproval',
    label: 'Require approval for new users',
    hint: 'Users added by an administrator cannot sign in until an administrator approves them.',
  },
  {
    key: 'emailNotificationsEnabled',
    label: 'Email notifications',
    hint: 'When off, no notification e-mail is sent at all.',
  },
  {
    key: 'detailedEmailContent',
    label: 'Detailed email content',
    hint: 'Include the sender, patient, date and message in notification e-mails (otherwise only a link that needs sign-in).',
  },
];

/** The form's values: the settings without their version, SMS held off. */
const toValues = (record: TSettingsRecord): TSettings => ({
  maxUploadMb: record.maxUploadMb,
  sessionTimeoutMinutes: record.sessionTimeoutMinutes,
  allowClinicPatientCreation: record.allowClinicPatientCreation,
  requireUserApproval: record.requireUserApproval,
  emailNotificationsEnabled: record.emailNotificationsEnabled,
  smsNotificationsEnabled: false,
  detailedEmailContent: record.detailedEmailContent,
  requireMfaRoles: record.requireMfaRoles,
});

const LABELS: Partial<Record<keyof TSettings, string>> = {
  maxUploadMb: 'Maximum upload size (MB)',
  sessionTimeoutMinutes: 'Session timeout (minutes)',
  requireMfaRoles: 'Require MFA',
  ...Object.fromEntries(TOGGLES.map((toggle) => [toggle.key, toggle.label])),
};

const displaySetting = (_field: string, value: unknown) => {
  if (Array.isArray(value)) return describeRequiredRoles(value as Role[]);
  return typeof value === 'boolean' ? (value ? 'On' : 'Off') : String(value);
};

/**
 * The settings as saved: the domain request schema checks the spec's ranges, in field order.
 * `settings` is the query's data: another admin's save meanwhile replaces an untouched form and
 * is offered for review over a touched one; the save names the version the edit started from.
 */
export function SettingsForm({ settings }: { settings: TSettingsRecord }) {
  const save = useSaveSettings();
  // No toast for a range (the spec words none): the error shows at the field, which gets focus.
  const form = useDomainForm(ZUpdateSettingsRequest, {
    defaultValues: toValues(settings),
    toastFirstError: false,
  });
  const editing = useRecordEditing({
    record: settings,
    form,
    toValues,
    labels: LABELS,
    display: displaySetting,
    parse: (current) => ZSettingsRecord.safeParse(current).data ?? null,
  });
  const { errors } = form.formState;

  function handleValid(values: TSettings) {
    save.mutate(
      { values, ifMatch: editing.baseVersion },
      {
        onSuccess: (saved) => {
          editing.onSaved(saved);
          toast.success(SETTINGS_MESSAGES.saved);
        },
        onError: (failure) => {
          if (editing.onSaveError(failure)) return;
          toast.error(getErrorMessage(failure, SETTINGS_MESSAGES.saveFailed));
        },
      },
    );
  }

  return (
    <form onSubmit={form.submitWith(handleValid)} noValidate className="space-y-5">
      <RecordChangedNotice
        change={editing.change}
        onKeepMine={editing.keepMine}
        onUseTheirs={editing.useTheirs}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="setting-upload"
          label="Maximum upload size (MB)"
          error={errors.maxUploadMb?.message}
          hint={`From ${UPLOAD_LIMIT_MB.min} to ${UPLOAD_LIMIT_MB.max} MB per file.`}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={UPLOAD_LIMIT_MB.min}
            max={UPLOAD_LIMIT_MB.max}
            {...form.register('maxUploadMb', { valueAsNumber: true })}
          />
        </FormField>
        <FormField
          id="setting-timeout"
          label="Session timeout (minutes)"
          error={errors.sessionTimeoutMinutes?.message}
          hint={`Idle sessions end after this long (${SESSION_TIMEOUT_MINUTES.min} to ${SESSION_TIMEOUT_MINUTES.max} minutes).`}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={SESSION_TIMEOUT_MINUTES.min}
            max={SESSION_TIMEOUT_MINUTES.max}
            {...form.register('sessionTimeoutMinutes', { valueAsNumber: true })}
          />
        </FormField>
      </div>
      <fieldset className="space-y-3">
        <legend className="mb-1 text-sm font-medium text-ink">Features and notifications</legend>
        {TOGGLES.map((toggle) => (
          <div key={toggle.key} className="flex items-start gap-3">
            <input
              id={`setting-${toggle.key}`}
              type="checkbox"
              className="mt-1 h-4 w-4"
              aria-describedby={`setting-${toggle.key}-hint`}
              {...form.register(toggle.key)}
            />
            <div>
              <label htmlFor={`setting-${toggle.key}`} className="text-sm font-medium text-ink">
                {toggle.label}
              </label>
              <p id={`setting-${toggle.key}-hint`} className="text-xs text-ink-muted">
                {toggle.hint}
              </p>
            </div>
          </div>
        ))}
        <div className="flex items-start gap-3">
          <input
            id="setting-sms"
            type="checkbox"
            className="mt-1 h-4 w-4"
            checked={false}
            disabled
            aria-describedby="setting-sms-hint"
            readOnly
          />
          <div>
            <label htmlFor="setting-sms" className="text-sm font-medium text-ink">
              SMS notifications
            </label>
            <p id="setting-sms-hint" className="text-xs text-ink-muted">
              Unavailable: no SMS provider is configured.
            </p>
          </div>
        </div>
      </fieldset>
      <RequireMfaField
        value={form.watch('requireMfaRoles')}
        onChange={(roles) =>
          form.setValue('requireMfaRoles', roles, { shouldDirty: true, shouldTouch: true })
        }
      />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Settings'}
      </Button>
    </form>
  );
}
