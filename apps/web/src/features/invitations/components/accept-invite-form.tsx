import { MIN_PASSWORD_LENGTH } from '@casebridge/domain/constants';
import {
  USER_MESSAGES,
  ZAcceptInvitationForm,
  type TAcceptInvitationForm,
} from '@casebridge/domain/users/user.schemas';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
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
  const form = useDomainForm(ZAcceptInvitationForm, {
    defaultValues: { password: '', confirmation: '' },
  });
  const { errors } = form.formState;

  if (!token) return <InvitationProblem message={USER_MESSAGES.invitationInvalid} />;
  if (invitation.isPending) return <Skeleton className="h-56 w-full" />;
  if (invitation.error)
    return (
      <InvitationProblem
        message={getErrorMessage(invitation.error, USER_MESSAGES.invitationInvalid)}
      />
    );

  function handleValid({ password }: TAcceptInvitationForm) {
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
    <form onSubmit={form.submitWith(handleValid)} noValidate className="space-y-4">
      <p className="text-sm text-ink">
        Welcome, <span className="font-medium">{invitation.data.name}</span>. Choose a password for{' '}
        <span className="font-medium">{invitation.data.email}</span>.
      </p>
      <FormField
        id="invite-password"
        label="New password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        error={errors.password?.message}
      >
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField
        id="invite-confirmation"
        label="Confirm password"
        error={errors.confirmation?.message}
      >
        <Input type="password" autoComplete="new-password" {...form.register('confirmation')} />
      </FormField>
      <Button type="submit" className="w-full" disabled={accept.isPending}>
        {accept.isPending ? 'Saving...' : 'Set Password'}
      </Button>
    </form>
  );
}
