import {
  canPostCaseUpdate,
  canRequestCaseUpdate,
} from '@casebridge/domain/case-updates/case-updates.policy';
import {
  CASE_UPDATE_TEXTS,
  MAX_CASE_UPDATE_NOTE_LENGTH,
  ZPostCaseUpdateRequest,
  type TCaseUpdates,
} from '@casebridge/domain/case-updates/case-updates.schemas';
import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { toast } from 'sonner';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Textarea } from '#src/components/ui/input.tsx';
import { Section } from '#src/components/ui/section.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { formatDate, formatDateTime } from '#src/lib/format.ts';
import {
  useAskForCaseUpdate,
  useCaseUpdates,
  usePostCaseUpdate,
} from '#src/features/case-facts/api/case-updates-api.ts';

type Viewer = { role: ReturnType<typeof useCurrentUser>['role']; organizationId: string | null };

/** When the last update was, and when the next is due or since when it is overdue. */
function UpdateClock({ updates }: { updates: TCaseUpdates }) {
  const last = updates.lastUpdateAt
    ? CASE_UPDATE_TEXTS.lastUpdate(formatDate(updates.lastUpdateAt))
    : CASE_UPDATE_TEXTS.noUpdateSince(formatDate(updates.clockFrom));
  const due = updates.dueAt
    ? updates.isOverdue
      ? CASE_UPDATE_TEXTS.overdueSince(formatDate(updates.dueAt))
      : CASE_UPDATE_TEXTS.dueOn(formatDate(updates.dueAt))
    : updates.intervalDays === null
      ? null
      : CASE_UPDATE_TEXTS.off;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink">
      {updates.isOverdue ? (
        <Badge tone="red" outlined>
          {CASE_UPDATE_TEXTS.overdue}
        </Badge>
      ) : null}
      <span>{last}</span>
      {due ? <span className="text-ink-muted">{due}</span> : null}
    </div>
  );
}

/** The open asks: 'Update requested <date>' for the asker's own, who asked for everyone else. */
function OpenAsks({ updates, viewer }: { updates: TCaseUpdates; viewer: Viewer }) {
  if (updates.openAsks.length === 0) return null;
  return (
    <ul aria-label="Open asks for an update" className="space-y-1">
      {updates.openAsks.map((open) => (
        <li key={open.id}>
          <Badge tone="yellow" className="whitespace-normal px-2 font-medium">
            {open.organizationId === viewer.organizationId
              ? CASE_UPDATE_TEXTS.requestedOn(formatDate(open.requestedAt))
              : CASE_UPDATE_TEXTS.requestedBy(open.organizationName, formatDate(open.requestedAt))}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/** One click asks the firm; a second says it is asked already (the server's 409). */
function AskButton({ patientId }: { patientId: string }) {
  const askForUpdate = useAskForCaseUpdate(patientId);
  return (
    <Button
      type="button"
      variant="secondary"
      disabled={askForUpdate.isPending}
      // The toast follows the ask's promise: the button leaves the page once the ask is open.
      onClick={() =>
        askForUpdate.mutateAsync().then(
          () => toast.success(CASE_UPDATE_TEXTS.asked),
          (failure: unknown) => toast.error(getErrorMessage(failure, CASE_UPDATE_TEXTS.askFailed)),
        )
      }
    >
      {CASE_UPDATE_TEXTS.ask}
    </Button>
  );
}

/** The firm's note; what was typed stays when the post fails. */
function PostUpdateForm({ patientId }: { patientId: string }) {
  const post = usePostCaseUpdate(patientId);
  const form = useDomainForm(ZPostCaseUpdateRequest, {
    defaultValues: { note: '' },
    toastFirstError: false,
  });
  const fieldId = `case-update-note-${patientId}`;
  const length = form.watch('note')?.length ?? 0;

  function handleValid(values: { note: string }) {
    post.mutate(values.note, {
      onSuccess: () => {
        form.reset({ note: '' });
        toast.success(CASE_UPDATE_TEXTS.posted);
      },
      onError: (failure) => toast.error(getErrorMessage(failure, CASE_UPDATE_TEXTS.postFailed)),
    });
  }

  return (
    <form onSubmit={form.submitWith(handleValid)} noValidate className="space-y-2">
      <FormField
        id={fieldId}
        label={CASE_UPDATE_TEXTS.noteLabel}
        error={form.formState.errors.note?.message}
        hint={CASE_UPDATE_TEXTS.noteHint}
      >
        <Textarea rows={3} maxLength={MAX_CASE_UPDATE_NOTE_LENGTH} {...form.register('note')} />
      </FormField>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-ink-muted" aria-live="polite">
          {length.toLocaleString('en-US')} / {MAX_CASE_UPDATE_NOTE_LENGTH.toLocaleString('en-US')}
        </span>
        <Button type="submit" disabled={post.isPending}>
          {CASE_UPDATE_TEXTS.post}
        </Button>
      </div>
    </form>
  );
}

/** The history: notes and stage moves, newest first. */
function UpdateHistory({ updates }: { updates: TCaseUpdates }) {
  if (updates.entries.length === 0)
    return (
      <p className="rounded-lg border border-border bg-surface p-4 text-sm text-ink-muted">
        {CASE_UPDATE_TEXTS.empty}
      </p>
    );
  return (
    <ol aria-label="Case update history" className="space-y-2">
      {updates.entries.map((entry) => (
        <li key={entry.id} className="rounded-lg border border-border bg-surface p-3 sm:p-4">
          {entry.kind === 'stage' && entry.fromStage && entry.toStage ? (
            <p className="font-medium text-ink">
              {CASE_UPDATE_TEXTS.stageEntry(entry.fromStage, entry.toStage)}
            </p>
          ) : null}
          {entry.note ? (
            <p className="whitespace-pre-line break-words text-sm text-ink">{entry.note}</p>
          ) : null}
          <p className="mt-1 text-xs text-ink-muted">
            {entry.authorName ?? 'Someone'} ·{' '}
            <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}

/**
 * 'Case updates' on the Case tab: the update clock, the open asks, the firm's form to post a note
 * (its attorneys and administrators), the clinics' and lienholders' 'Ask for an update', and the
 * history. Live: 'case-updates.changed' and 'case-facts.changed' make its query stale.
 */
export function CaseUpdatesPanel({ patient }: { patient: TPatientDetail }) {
  const user = useCurrentUser();
  const query = useCaseUpdates(patient.id);
  const viewer: Viewer = { role: user.role, organizationId: user.organization?.id ?? null };
  const firmId = patient.firm?.id ?? null;
  const canPost = canPostCaseUpdate(viewer, { firmId });
  const canAsk = canRequestCaseUpdate(viewer, {
    firmId,
    clinicIds: patient.clinics.map((clinic) => clinic.id),
    lienholderIds: patient.lienholders.map((lienholder) => lienholder.id),
  });
  return (
    <Section id="case-updates-heading" title={CASE_UPDATE_TEXTS.title}>
      <p className="mb-3 text-sm text-ink-muted">{CASE_UPDATE_TEXTS.description}</p>
      {query.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : query.isError ? (
        <p role="alert" className="rounded-lg border border-border bg-surface p-4 text-ink">
          {getErrorMessage(query.error, CASE_UPDATE_TEXTS.loadFailed)}
        </p>
      ) : (
        <div className="space-y-4">
          <div className="space-y-2 rounded-lg border border-border bg-surface p-3 sm:p-4">
            <UpdateClock updates={query.data} />
            <OpenAsks updates={query.data} viewer={viewer} />
            {canAsk &&
            !query.data.openAsks.some((open) => open.organizationId === viewer.organizationId) ? (
              <AskButton patientId={patient.id} />
            ) : null}
          </div>
          {canPost ? <PostUpdateForm patientId={patient.id} /> : null}
          <UpdateHistory updates={query.data} />
        </div>
      )}
    </Section>
  );
}
