import { SESSION_TIMEOUT_MINUTES, UPLOAD_LIMIT_MB } from '@casebridge/domain/constants';
import { SETTINGS_MESSAGES } from '@casebridge/domain/settings/settings-admin.schemas';
import type { TSettings } from '@casebridge/domain/settings/settings.schemas';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { Input, Label } from '#src/components/ui/input.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useSaveSettings } from '#src/features/admin/api/settings-api.ts';

type Toggle = Exclude<
  keyof TSettings,
  'maxUploadMb' | 'sessionTimeoutMinutes' | 'smsNotificationsEnabled'
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

const isIn = (value: number, range: { min: number; max: number }) =>
  Number.isInteger(value) && value >= range.min && value <= range.max;

/** The spec's ranges, checked before saving (the server checks them again). */
export function getSettingsError(values: {
  maxUploadMb: number;
  sessionTimeoutMinutes: number;
}): string | null {
  if (!isIn(values.maxUploadMb, UPLOAD_LIMIT_MB))
    return `Maximum upload size must be a whole number from ${UPLOAD_LIMIT_MB.min} to ${UPLOAD_LIMIT_MB.max} MB`;
  if (!isIn(values.sessionTimeoutMinutes, SESSION_TIMEOUT_MINUTES))
    return `Session timeout must be a whole number from ${SESSION_TIMEOUT_MINUTES.min} to ${SESSION_TIMEOUT_MINUTES.max} minutes`;
  return null;
}

export function SettingsForm({ initial }: { initial: TSettings }) {
  const [values, setValues] = useState({
    ...initial,
    maxUploadMb: String(initial.maxUploadMb),
    sessionTimeoutMinutes: String(initial.sessionTimeoutMinutes),
  });
  const save = useSaveSettings();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const settings: TSettings = {
      ...values,
      maxUploadMb: Number(values.maxUploadMb),
      sessionTimeoutMinutes: Number(values.sessionTimeoutMinutes),
      smsNotificationsEnabled: false,
    };
    const error = getSettingsError(settings);
    if (error) {
      toast.error(error);
      return;
    }
    save.mutate(settings, {
      onSuccess: () => toast.success(SETTINGS_MESSAGES.saved),
      onError: (failure) => toast.error(getErrorMessage(failure, SETTINGS_MESSAGES.saveFailed)),
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor="setting-upload">Maximum upload size (MB)</Label>
          <Input
            id="setting-upload"
            type="number"
            inputMode="numeric"
            min={UPLOAD_LIMIT_MB.min}
            max={UPLOAD_LIMIT_MB.max}
            aria-describedby="setting-upload-hint"
            value={values.maxUploadMb}
            onChange={(event) =>
              setValues((current) => ({ ...current, maxUploadMb: event.target.value }))
            }
          />
          <p id="setting-upload-hint" className="mt-1 text-xs text-ink-muted">
            From {UPLOAD_LIMIT_MB.min} to {UPLOAD_LIMIT_MB.max} MB per file.
          </p>
        </div>
        <div>
          <Label htmlFor="setting-timeout">Session timeout (minutes)</Label>
          <Input
            id="setting-timeout"
            type="number"
            inputMode="numeric"
            min={SESSION_TIMEOUT_MINUTES.min}
            max={SESSION_TIMEOUT_MINUTES.max}
            aria-describedby="setting-timeout-hint"
            value={values.sessionTimeoutMinutes}
            onChange={(event) =>
              setValues((current) => ({ ...current, sessionTimeoutMinutes: event.target.value }))
            }
          />
          <p id="setting-timeout-hint" className="mt-1 text-xs text-ink-muted">
            Idle sessions end after this long ({SESSION_TIMEOUT_MINUTES.min} to{' '}
            {SESSION_TIMEOUT_MINUTES.max} minutes).
          </p>
        </div>
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
              checked={values[toggle.key]}
              onChange={(event) =>
                setValues((current) => ({ ...current, [toggle.key]: event.target.checked }))
              }
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
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Settings'}
      </Button>
    </form>
  );
}
