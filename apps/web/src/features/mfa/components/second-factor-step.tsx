import { MESSAGES } from '@casebridge/domain/errors';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useVerifySecondFactor } from '#src/features/mfa/api/mfa-api.ts';
import { CodeForm } from './code-form.tsx';

/**
 * The second step of signing in: the code from the authenticator app, or a recovery code for
 * a user without their phone. Once accepted, the session opens the app.
 */
export function SecondFactorStep({ onSignOut }: { onSignOut: () => void }) {
  const [isRecovery, setIsRecovery] = useState(false);
  const verify = useVerifySecondFactor();

  async function handleCode(code: string) {
    try {
      await verify.mutateAsync(code);
      toast.success(MESSAGES.loginSucceeded);
      return true;
    } catch (error) {
      toast.error(getErrorMessage(error, MESSAGES.loginFailed));
      return false;
    }
  }

  return (
    <div className="space-y-4">
      <CodeForm
        key={isRecovery ? 'recovery' : 'app'}
        id={isRecovery ? 'second-factor-recovery' : 'second-factor-code'}
        label={isRecovery ? 'Recovery code' : 'Authentication code'}
        hint={
          isRecovery
            ? 'One of the recovery codes you saved when you set up two-step verification. Each works once.'
            : 'The 6-digit code your authenticator app shows for CaseBridge.'
        }
        isRecoveryCode={isRecovery}
        submitLabel="Verify"
        pendingLabel="Verifying..."
        isPending={verify.isPending}
        onCode={handleCode}
      />
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={() => setIsRecovery((value) => !value)}>
          {isRecovery ? 'Use your authenticator app' : 'Use a recovery code'}
        </Button>
        <Button variant="ghost" size="sm" onClick={onSignOut}>
          Sign out
        </Button>
      </div>
    </div>
  );
}
