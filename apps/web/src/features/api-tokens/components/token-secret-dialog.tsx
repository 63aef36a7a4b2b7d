import { API_TOKEN_TEXTS } from '@casebridge/domain/api-tokens/api-token.schemas';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';

/**
 * A new token's secret, shown this once: copy it, with the warning that it will not be shown
 * again (the server keeps only its hash). Closing forgets it.
 */
export function TokenSecretDialog({
  created,
  onClose,
}: {
  created: { name: string; secret: string } | null;
  onClose: () => void;
}) {
  async function handleCopy() {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.secret);
      toast.success('Secret copied');
    } catch {
      toast.error('The secret could not be copied. Select it and copy it by hand.');
    }
  }

  return (
    <Dialog
      isOpen={created !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={created ? `API token "${created.name}" created` : 'API token created'}
      description={API_TOKEN_TEXTS.secretWarning}
    >
      <div className="space-y-4">
        <p
          role="alert"
          className="rounded-md border border-border bg-surface-muted p-3 text-sm text-ink"
        >
          <strong>This secret will not be shown again.</strong> Store it in the system that will use
          it; it is sent as <code>Authorization: Bearer &lt;secret&gt;</code>.
        </p>
        <label htmlFor="api-token-secret" className="block text-sm font-medium text-ink">
          Secret
        </label>
        <textarea
          id="api-token-secret"
          readOnly
          rows={2}
          value={created?.secret ?? ''}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full resize-none break-all rounded-md border border-border bg-surface px-3 py-2 font-mono text-sm text-ink"
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => void handleCopy()}>
            Copy
          </Button>
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    </Dialog>
  );
}
