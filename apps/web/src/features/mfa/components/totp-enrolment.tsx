import type { TRecoveryCodes } from '@casebridge/domain/mfa/mfa.schemas';
import { MFA_MESSAGES } from '@casebridge/domain/mfa/mfa.schemas';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useConfirmEnrolment, useStartEnrolment } from '#src/features/mfa/api/mfa-api.ts';
import { CodeForm } from './code-form.tsx';
import { RecoveryCodesPanel } from './recovery-codes-panel.tsx';

/** The key as authenticator apps show it when typed by hand: groups of four. */
const groupKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Setting up an authenticator app: scan the QR code (or type the key), give the first code,
 * then save the ten recovery codes. `onDone` runs once the user says the codes are saved.
 */
export function TotpEnrolment({ onDone }: { onDone: () => void }) {
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const [recovery, setRecovery] = useState<TRecoveryCodes | null>(null);

  async function handleCode(code: string) {
    try {
      setRecovery(await confirm.mutateAsync(code));
      toast.success(MFA_MESSAGES.enrolled);
      return true;
    } catch (error) {
      toast.error(getErrorMessage(error, MFA_MESSAGES.invalidCode));
      return false;
    }
  }

  if (recovery)
    return (
      <RecoveryCodesPanel codes={recovery.codes} continueLabel="Continue" onContinue={onDone} />
    );

  if (!start.data) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-ink">
          You will need an authenticator app on your phone (for example Google Authenticator,
          Microsoft Authenticator, 1Password or Authy). Each time you sign in, CaseBridge asks for
          the 6-digit code it shows.
        </p>
        <Button
          className="w-full"
          disabled={start.isPending}
          onClick={() =>
            start.mutate(undefined, {
              onError: (error) =>
                toast.error(getErrorMessage(error, 'Set-up could not be started.')),
            })
          }
        >
          {start.isPending ? 'Starting...' : 'Begin set-up'}
        </Button>
      </div>
    );
  }

  const { qrSvg, secret } = start.data;
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-4 pl-5 text-sm text-ink">
        <li>
          <p>Scan this QR code with your authenticator app.</p>
          <img
            src={`data:image/svg+xml;utf8,${encodeURIComponent(qrSvg)}`}
            alt="QR code to add CaseBridge to your authenticator app"
            className="mt-2 h-48 w-48 rounded-md bg-white p-1"
          />
        </li>
        <li>
          <p>Or enter this key in the app by hand:</p>
          <code
            className="mt-1 block break-all rounded-md bg-surface-muted px-3 py-2 text-ink"
            data-testid="totp-secret"
          >
            {groupKey(secret)}
          </code>
        </li>
        <li>Enter the 6-digit code the app now shows.</li>
      </ol>
      <CodeForm
        id="enrol-code"
        label="Authentication code"
        submitLabel="Turn on"
        pendingLabel="Checking..."
        isPending={confirm.isPending}
        onCode={handleCode}
      />
    </div>
  );
}
