import { MIN_PASSWORD_LENGTH } from '@casebridge/domain/constants';
import { USER_MESSAGES } from '@casebridge/domain/users/user.schemas';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { Input, Label } from '#src/components/ui/input.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import {
  useAcceptInvitation,
  useInvitation,
} from '#src/features/invitations/api/invitations-api.ts';

function InvitationProblem({ message }: { message: string }) {
  return (
    <div role="alert" className="space-y-4">
      <p className="text-ink">{message}</p>
      <Link
        to="/login"
        className="inline-block font-medium text-brand underline-offset-2 hover:underline"
      >
        Go to sign in
      </Link>
    </div>
  );
}

/** Sets the password of an invited user once; afterwards they sign in normally. */
export function AcceptInviteForm({ token }: { token: string }) {
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');

  if (!token) return <InvitationProblem message={USER_MESSAGES.invitationInvalid} />;
  if (invitation.isPending) return <Skeleton className="h-56 w-full" />;
  if (invitation.error)
    return (
      <InvitationProblem
        message={getErrorMessage(invitation.error, USER_MESSAGES.invitationInvalid)}
      />
    );

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH)
      return void toast.error(USER_MESSAGES.passwordTooShort);
    if (password !== confirmation) return void toast.error(USER_MESSAGES.passwordsDoNotMatch);
    accept.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast.success(USER_MESSAGES.passwordSet);
          navigate('/login', { replace: true });
        },
        onError: (error) => toast.error(getErrorMessage(error, USER_MESSAGES.invitationInvalid)),
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <p className="text-sm text-ink">
        Welcome, <span className="font-medium">{invitation.data.name}</span>. Choose a password for{' '}
        <span className="font-medium">{invitation.data.email}</span>.
      </p>
      <div>
        <Label htmlFor="invite-password">New password</Label>
        <Input
          id="invite-password"
          type="password"
          autoComplete="new-password"
          aria-describedby="invite-password-hint"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <p id="invite-password-hint" className="mt-1 text-xs text-ink-muted">
          At least {MIN_PASSWORD_LENGTH} characters.
        </p>
      </div>
      <div>
        <Label htmlFor="invite-confirmation">Confirm password</Label>
        <Input
          id="invite-confirmation"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
        />
      </div>
      <Button type="submit" className="w-full" disabled={accept.isPending}>
        {accept.isPending ? 'Saving...' : 'Set Password'}
      </Button>
    </form>
  );
}
