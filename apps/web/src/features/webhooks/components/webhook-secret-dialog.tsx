import { Copy } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { Input } from '#src/components/ui/input.tsx';

/** A signing secret as the create or rotate answer gave it, with the endpoint it signs for. */
export type ShownSecret = { url: string; secret: string; isRotated: boolean };

/**
 * The endpoint's signing secret, shown this once (the server keeps it sealed and never answers
 * with it again): Copy puts it on the clipboard; closing the dialog forgets it.
 */
export function WebhookSecretDialog({
  shown,
  onClose,
}: {
  shown: ShownSecret | null;
  onClose: () => void;
}) {
  const fieldId = useId();
  const copy = () =>
    navigator.clipboard.writeText(shown?.secret ?? '').then(
      () => toast.success('Signing secret copied'),
      () => toast.error('Copying failed: select the secret and copy it yourself.'),
    );
  return (
    <Dialog
      isOpen={shown !== null}
      onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}
      title={shown?.isRotated ? 'New signing secret' : 'Endpoint registered'}
      description={shown ? `For ${shown.url}` : undefined}
    >
      <p className="mb-3 text-sm text-ink">
        Copy the signing secret now: it is shown only this once. The receiver checks each
        delivery&apos;s <code>x-casebridge-signature</code> with it.
      </p>
      <label htmlFor={fieldId} className="mb-1 block text-sm font-medium text-ink">
        Signing secret
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={fieldId}
          readOnly
          value={shown?.secret ?? ''}
          className="font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy className="h-4 w-4" aria-hidden />
          Copy
        </Button>
      </div>
      <div className="mt-5 flex justify-end">
        <Button onClick={onClose}>I have stored it</Button>
      </div>
    </Dialog>
  );
}
