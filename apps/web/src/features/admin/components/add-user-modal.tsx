import {
  USER_MESSAGES,
  ZCreateUserRequest,
  getUserCreatedMessage,
  type TCreateUserParsed,
} from '@casebridge/domain/users/user.schemas';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useCreateUser } from '#src/features/admin/api/users-api.ts';
import { toastInvitation } from '#src/features/admin/utils/invitation-toast.ts';
import { RoleOrganizationFields } from './role-organization-fields.tsx';

/**
 * Add New User, checked by the request schema the server parses with, in the spec's order (name
 * and e-mail, the e-mail itself, the organisation); the first failure is the spec's toast.
 */
export function AddUserModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const createUser = useCreateUser();
  const form = useDomainForm(ZCreateUserRequest, {
    defaultValues: { name: '', email: '', role: 'clinic', organizationId: null },
  });
  const { errors } = form.formState;

  function handleValid(user: TCreateUserParsed) {
    createUser.mutate(user, {
      onSuccess: (created) => {
        toastInvitation(
          getUserCreatedMessage(user.role),
          created,
          created.approved ? undefined : 'The account awaits approval.',
        );
        form.reset();
        onClose();
      },
      onError: (failure) =>
        toast.error(USER_MESSAGES.createFailed, {
          description: getErrorMessage(failure, 'Please try again.'),
        }),
    });
  }

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Add New User"
      description="The user receives an e-mail with a link to set their password."
      className="w-[min(40rem,calc(100%-2rem))]"
    >
      <form onSubmit={form.submitWith(handleValid)} noValidate className="space-y-4">
        <FormField id="new-user-name" label="Full name" error={errors.name?.message} isRequired>
          <Input autoComplete="off" {...form.register('name')} />
        </FormField>
        <FormField id="new-user-email" label="Email" error={errors.email?.message} isRequired>
          <Input type="email" autoComplete="off" {...form.register('email')} />
        </FormField>
        <RoleOrganizationFields form={form} />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={createUser.isPending}>
            {createUser.isPending ? 'Creating...' : 'Create User'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
