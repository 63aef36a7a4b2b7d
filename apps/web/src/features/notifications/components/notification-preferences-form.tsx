import { DIGEST_FREQUENCIES, type DigestFrequency } from '@casebridge/domain/constants';
import {
  NOTIFICATION_TEXTS,
  ZUpdateNotificationPreferencesRequest,
  type NotificationPreferenceToggle,
  type TNotificationPreferences,
} from '@casebridge/domain/notifications/notification.schemas';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { Input, Label, Select } from '#src/components/ui/input.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import {
  useNotificationPreferences,
  useSaveNotificationPreferences,
} from '#src/features/notifications/api/notifications-api.ts';

const TOGGLES: Array<{ name: NotificationPreferenceToggle; label: string; hint: string }> = [
  {
    name: 'notifyOnStatusChange',
    label: 'Status changes',
    hint: 'Treatment status changes and patient updates',
  },
  {
    name: 'notifyOnDocumentUpload',
    label: 'Document uploads',
    hint: 'New documents on your cases',
  },
  { name: 'notifyOnMessageReceived', label: 'New messages', hint: 'Team messages on your cases' },
];

function PreferencesForm({ initial }: { initial: TNotificationPreferences }) {
  const [values, setValues] = useState(initial);
  const save = useSaveNotificationPreferences();
  const id = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZUpdateNotificationPreferencesRequest.safeParse(values);
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? NOTIFICATION_TEXTS.preferencesSaveFailed);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setValues(saved);
        toast.success(NOTIFICATION_TEXTS.preferencesSaved);
      },
      onError: (error) =>
        toast.error(getErrorMessage(error, NOTIFICATION_TEXTS.preferencesSaveFailed)),
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="max-w-xl space-y-6">
      <div>
        <Label htmlFor={`${id}-email`}>Notification email</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={values.notificationEmail}
          onChange={(event) => setValues({ ...values, notificationEmail: event.target.value })}
          aria-describedby={`${id}-email-hint`}
        />
        <p id={`${id}-email-hint`} className="mt-1 text-xs text-ink-muted">
          Where e-mail notifications and digests are sent.
        </p>
      </div>
      <div>
        <Label htmlFor={`${id}-digest`}>Digest frequency</Label>
        <Select
          id={`${id}-digest`}
          value={values.digestFrequency}
          onChange={(event) =>
            setValues({ ...values, digestFrequency: event.target.value as DigestFrequency })
          }
          aria-describedby={`${id}-digest-hint`}
        >
          {DIGEST_FREQUENCIES.map((frequency) => (
            <option key={frequency} value={frequency}>
              {frequency}
            </option>
          ))}
        </Select>
        <p id={`${id}-digest-hint`} className="mt-1 text-xs text-ink-muted">
          A summary e-mail of your unread notifications.
        </p>
      </div>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-medium text-ink">Notify me about</legend>
        {TOGGLES.map((toggle) => (
          <div key={toggle.name} className="flex items-start gap-3">
            <input
              id={`${id}-${toggle.name}`}
              type="checkbox"
              checked={values[toggle.name]}
              onChange={(event) => setValues({ ...values, [toggle.name]: event.target.checked })}
              aria-describedby={`${id}-${toggle.name}-hint`}
              className="mt-0.5 h-4 w-4 accent-[var(--color-brand)]"
            />
            <div>
              <label htmlFor={`${id}-${toggle.name}`} className="text-sm font-medium text-ink">
                {toggle.label}
              </label>
              <p id={`${id}-${toggle.name}-hint`} className="text-xs text-ink-muted">
                {toggle.hint}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : NOTIFICATION_TEXTS.savePreferences}
      </Button>
    </form>
  );
}

/** Preferences stored on the server (docs/architecture.md D2); the form starts from them once. */
export function NotificationPreferencesForm() {
  const preferences = useNotificationPreferences();
  if (preferences.isPending) return <Spinner label="Loading preferences" className="min-h-64" />;
  if (preferences.isError) {
    return (
      <p role="alert" className="py-12 text-center text-sm text-danger">
        Failed to load preferences
      </p>
    );
  }
  return <PreferencesForm initial={preferences.data} />;
}
