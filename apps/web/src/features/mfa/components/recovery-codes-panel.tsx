import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';

function downloadCodes(codes: readonly string[]) {
  const text = `CaseBridge recovery codes\nEach code signs you in once when you cannot use your authenticator app.\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'casebridge-recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * The recovery codes, shown this once: copy or download them, and confirm they are saved
 * before going on (they cannot be shown again, only replaced).
 */
export function RecoveryCodesPanel({
  codes,
  continueLabel,
  onContinue,
}: {
  codes: readonly string[];
  continueLabel: string;
  onContinue: () => void;
}) {
  const [isSaved, setIsSaved] = useState(false);

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success('Recovery codes copied');
    } catch {
      toast.error('The codes could not be copied. Download them or write them down.');
    }
  }

  return (
    <section aria-labelledby="recovery-codes-heading" className="space-y-4">
      <h2 id="recovery-codes-heading" className="text-base font-semibold text-ink">
        Your recovery codes
      </h2>
      <p className="text-sm text-ink-muted">
        If you lose your phone, each of these codes signs you in once. Keep them somewhere safe:
        they are shown only now.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-lg border border-border bg-surface-muted p-4 font-mono text-sm text-ink"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={handleCopy}>
          Copy codes
        </Button>
        <Button variant="secondary" size="sm" onClick={() => downloadCodes(codes)}>
          Download codes
        </Button>
      </div>
      <div className="flex items-center gap-2">
        <input
          id="recovery-codes-saved"
          type="checkbox"
          className="h-4 w-4"
          checked={isSaved}
          onChange={(event) => setIsSaved(event.target.checked)}
        />
        <label htmlFor="recovery-codes-saved" className="text-sm text-ink">
          I have saved these codes
        </label>
      </div>
      <Button className="w-full" disabled={!isSaved} onClick={onContinue}>
        {continueLabel}
      </Button>
    </section>
  );
}
