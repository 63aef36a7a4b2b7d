import type { TRecoveryCodes } from '@casebridge/domain/mfa/mfa.schemas';
import { MFA_MESSAGES } from '@casebridge/domain/mfa/mfa.schemas';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Section } from '#src/components/ui/section.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { formatDateTime } from '#src/lib/format.ts';
import {
  useDisableMfa,
  useMfaStatus,
  useRegenerateRecoveryCodes,
} from '#src/features/mfa/api/mfa-api.ts';
import { CodeForm } from './code-form.tsx';
import { RecoveryCodesPanel } from './recovery-codes-panel.tsx';

type Mode = 'idle' | 'regenerate' | 'disable';

/** Runs a code mutation, toasting its failure; true when the code was accepted. */
async function tryCode(run: () => Promise<unknown>, fallback: string) {
  try {
    await run();
    return true;
  } catch (error) {
    toast.error(getErrorMessage(error, fallback));
    return false;
  }
}

/**
 * The Security page's two-step verification: whether it is on, setting it up, new recovery codes
 * and turning it off (each with a current code; not offered while 'Require MFA' names the role).
 */
export function TwoStepSection() {
  const status = useMfaStatus();
  const regenerate = useRegenerateRecoveryCodes();
  const disable = useDisableMfa();
  const [mode, setMode] = useState<Mode>('idle');
  const [newCodes, setNewCodes] = useState<TRecoveryCodes | null>(null);

  const body = () => {
    if (status.isPending) return <Skeleton className="h-16 w-full" />;
    if (status.isError)
      return (
        <p role="alert" className="text-sm text-ink">
          {getErrorMessage(status.error, 'Two-step verification could not be loaded.')}
        </p>
      );
    const { isEnrolled, isRequired, enrolledAt, recoveryCodesLeft } = status.data;
    if (newCodes)
      return (
        <RecoveryCodesPanel
          codes={newCodes.codes}
          continueLabel="Done"
          onContinue={() => setNewCodes(null)}
        />
      );
    if (!isEnrolled)
      return (
        <div className="space-y-3">
          <p className="text-sm text-ink">
            <Badge tone="gray">Off</Badge> Add a code from an authenticator app to your password, so
            that a stolen password alone does not open your account.
          </p>
          <Link
            to="/two-step-setup"
            className="inline-flex h-10 items-center rounded-md bg-brand px-4 text-sm font-medium text-brand-ink hover:opacity-90"
          >
            Set up two-step verification
          </Link>
        </div>
      );
    return (
      <div className="space-y-4">
        <p className="text-sm text-ink">
          <Badge tone="green">On</Badge> Since {enrolledAt ? formatDateTime(enrolledAt) : '—'}.{' '}
          {recoveryCodesLeft} of 10 recovery codes left.
        </p>
        {isRequired ? (
          <p className="text-sm text-ink-muted">{MFA_MESSAGES.requiredByPolicy}</p>
        ) : null}
        {mode === 'idle' ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setMode('regenerate')}>
              New recovery codes
            </Button>
            {isRequired ? null : (
              <Button variant="danger" onClick={() => setMode('disable')}>
                Turn off
              </Button>
            )}
          </div>
        ) : (
          <div className="max-w-sm space-y-2">
            <CodeForm
              id={`two-step-${mode}-code`}
              label={
                mode === 'regenerate'
                  ? 'Code from your authenticator app'
                  : 'Code from your authenticator app, or a recovery code'
              }
              hint={
                mode === 'regenerate'
                  ? 'Your current recovery codes stop working.'
                  : 'Signing in will then ask for your password only.'
              }
              submitLabel={
                mode === 'regenerate' ? 'Create new codes' : 'Turn off two-step verification'
              }
              pendingLabel="Checking..."
              isPending={regenerate.isPending || disable.isPending}
              isRecoveryCode={mode === 'disable'}
              onCode={(code) =>
                mode === 'regenerate'
                  ? tryCode(async () => {
                      setNewCodes(await regenerate.mutateAsync(code));
                      setMode('idle');
                      toast.success(MFA_MESSAGES.codesRegenerated);
                    }, MFA_MESSAGES.invalidCode)
                  : tryCode(async () => {
                      await disable.mutateAsync(code);
                      setMode('idle');
                      toast.success(MFA_MESSAGES.disabled);
                    }, MFA_MESSAGES.invalidCode)
              }
            />
            <Button variant="ghost" size="sm" onClick={() => setMode('idle')}>
              Cancel
            </Button>
          </div>
        )}
      </div>
    );
  };

  return (
    <Section id="two-step-heading" title="Two-step verification" className="mb-8">
      {body()}
    </Section>
  );
}
