import {
  MESSAGE_BODY_MAX_LENGTH,
  MESSAGE_TEXTS,
} from '@casebridge/domain/messages/message.schemas';
import { composeTreatmentSummary } from '@casebridge/domain/messages/treatment-summary';
import { canUseTreatmentSummary } from '@casebridge/domain/patients/patient.policy';
import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { Label, Textarea } from '#src/components/ui/input.tsx';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { useSendMessage } from '#src/features/messages/api/messages-api.ts';

/**
 * 'AI-Powered Treatment Summary' (clinic users only). The draft is composed locally from the
 * patient record and the typed update, with no external call (docs/architecture.md D2); the user
 * edits it and 'Use This Summary' posts it to the patient's Team Messages.
 */
export function TreatmentSummaryPanel({ patient }: { patient: TPatientDetail }) {
  const user = useCurrentUser();
  const [isOpen, setIsOpen] = useState(false);
  const [update, setUpdate] = useState('');
  const [draft, setDraft] = useState<string | null>(null);
  const sendMessage = useSendMessage(patient.id);
  const panelId = useId();
  const updateId = useId();
  const draftId = useId();

  if (!canUseTreatmentSummary(user)) return null;

  function handleCancel() {
    setUpdate('');
    setDraft(null);
  }

  function handleUse() {
    const body = draft?.trim();
    if (!body || sendMessage.isPending) return;
    // The user may move on to the Messages tab before the answer, and a summary that failed to
    // send must still be said (architecture.md, 'Outcomes of a change').
    sendMessage.mutateAsync({ body, notifyByEmail: false }).then(
      () => {
        toast.success(MESSAGE_TEXTS.sent);
        handleCancel();
      },
      () => toast.error(MESSAGE_TEXTS.sendFailed),
    );
  }

  return (
    <section
      aria-labelledby={`${panelId}-heading`}
      className="rounded-lg border border-border bg-surface p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${panelId}-heading`} className="flex items-center gap-2 font-semibold text-ink">
          <Sparkles className="h-4 w-4 text-brand" aria-hidden />
          AI-Powered Treatment Summary
        </h2>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={isOpen}
          // Only while the panel is in the page: aria-controls must point at an element.
          aria-controls={isOpen ? panelId : undefined}
          onClick={() => setIsOpen((open) => !open)}
        >
          {isOpen ? 'Hide' : 'Enhance Note'}
        </Button>
      </div>
      {isOpen ? (
        <div id={panelId} className="mt-4 space-y-4">
          <div>
            <Label htmlFor={updateId}>Brief update</Label>
            <Textarea
              id={updateId}
              rows={3}
              maxLength={2_000}
              placeholder="e.g. Pain down to 4/10, range of motion improving"
              value={update}
              onChange={(event) => setUpdate(event.target.value)}
            />
          </div>
          {draft !== null ? (
            <div className="space-y-2">
              <Label htmlFor={draftId}>Draft summary</Label>
              <p className="text-xs text-ink-muted">
                Draft composed on this device from the patient record and your update. Review and
                edit it before posting; nothing is sent until you choose Use This Summary.
              </p>
              <Textarea
                id={draftId}
                rows={9}
                maxLength={MESSAGE_BODY_MAX_LENGTH}
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                className="text-sm"
              />
            </div>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              variant={draft === null ? 'primary' : 'secondary'}
              disabled={update.trim() === ''}
              onClick={() => setDraft(composeTreatmentSummary(patient, update))}
            >
              <Sparkles className="h-4 w-4" aria-hidden />
              Enhance with AI
            </Button>
            {draft !== null ? (
              <Button onClick={handleUse} disabled={draft.trim() === '' || sendMessage.isPending}>
                {sendMessage.isPending ? 'Posting...' : 'Use This Summary'}
              </Button>
            ) : null}
            <Button variant="ghost" onClick={handleCancel}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
