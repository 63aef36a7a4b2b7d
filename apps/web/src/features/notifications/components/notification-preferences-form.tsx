import { DIGEST_FREQUENCIES } from '@casebridge/domain/constants';
import {
  NOTIFICATION_TEXTS,
  ZUpdateNotificationPreferencesRequest,
  type NotificationPreferenceToggle,
  type TNotificationPreferences,
  type TUpdateNotificationPreferencesRequest,
} from '@casebridge/domain/notifications/notification.schemas';
import { useId } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input, Select } from '#src/components/ui/input.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useUnsavedChangesGuard } from '#src/lib/unsaved-changes.tsx';
import {
  useNotificationPreferences,
  useSaveNotificationPreferences,
} from '#src/features/notifications/api/notifications-api.ts';
import { NOTIFICATION_EMAIL_TEXTS } from '@casebridge/domain/notifications/notification-email.schemas';
import { PendingNotificationEmail } from './pending-notification-email.tsx';

const TOGGLES: Array<{ name: NotificationPreferenceToggle; label: string; hint: string }> = [
  {
    name: 'notifyOnStatusChange',
    label: 'Status changes',
    hint: 'Treatment status and legal case stage changes, and patient updates',
  },
  {
    name: 'notifyOnDocumentUpload',
    label: 'Document uploads',
    hint: 'New documents on your cases',
  },
  { name: 'notifyOnMessageReceived', label: 'New messages', hint: 'Team messages on your cases' },
  {
    name: 'notifyOnCaseRequests',
    label: 'Requests and referrals',
    hint: 'New, answered and overdue records and bills requests, referrals, asks for case updates and overdue updates',
  },
  {
    name: 'notifyOnTreatmentGaps',
    label: 'Treatment gaps',
    hint: 'A patient in treatment goes without care past the clinic’s threshold',
  },
  {
    name: 'notifyOnLienActivity',
    label: 'Liens and reductions',
    hint: 'Reduction offers and answers, and payments',
  },
  {
    name: 'notifyOnVisits',
    label: 'Missed visits',
    hint: 'A patient of your firm does not attend a scheduled visit',
  },
];

function PreferencesForm({ initial }: { initial: TNotificationPreferences }) {
  const save = useSaveNotificationPreferences();
  const id = useId();
  // The request schema the server parses with, its e-mail check included; the spec words no
  // toast here, so the error shows at the field, which gets focus.
  const form = useDomainForm(ZUpdateNotificationPreferencesRequest, {
    defaultValues: initial,
    toastFirstError: false,
  });
  // Unsaved preferences are not lost to a stray click: leaving the page asks first.
  useUnsavedChangesGuard(form.formState.isDirty);

  function handleValid(preferences: TUpdateNotificationPreferencesRequest) {
    save.mutate(preferences, {
      onSuccess: (saved) => {
        form.reset(saved);
        // A new address is not used yet: say where the link went (the notice stays below).
        const pending = saved.pendingNotificationEmail;
        toast.success(
          pending && pending.email === preferences.notificationEmail
            ? NOTIFICATION_EMAIL_TEXTS.linkSent(pending.email)
            : NOTIFICATION_TEXTS.preferencesSaved,
        );
      },
      onError: (error) =>
        toast.error(getErrorMessage(error, NOTIFICATION_TEXTS.preferencesSaveFailed)),
    });
  }

  return (
    <form onSubmit={form.submitWith(handleValid)} noValidate className="max-w-xl space-y-6">
      <FormField
        id={`${id}-email`}
        label="Notification email"
        error={form.formState.errors.notificationEmail?.message}
        hint="Where e-mail notifications and digests are sent. A new address is used once you open the link we send to it."
      >
        <Input type="email" autoComplete="email" {...form.register('notificationEmail')} />
      </FormField>
      <PendingNotificationEmail />
      <FormField
        id={`${id}-digest`}
        label="Digest frequency"
        hint="A summary e-mail of your unread notifications."
      >
        <Select {...form.register('digestFrequency')}>
          {DIGEST_FREQUENCIES.map((frequency) => (
            <option key={frequency} value={frequency}>
              {frequency}
            </option>
          ))}
        </Select>
      </FormField>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-medium text-ink">Notify me about</legend>
        {TOGGLES.map((toggle) => (
          <div key={toggle.name} className="flex items-start gap-3">
            <input
              id={`${id}-${toggle.name}`}
              type="checkbox"
              {...form.register(toggle.name)}
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
