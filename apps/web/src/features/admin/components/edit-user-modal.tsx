import {
  USER_MESSAGES,
  ZEditUserRequest,
  type TAdminUser,
  type TEditUserParsed,
} from '@casebridge/domain/users/user.schemas';
import {
  ASSIGNABLE_ROLES,
  ROLE_ORGANIZATION_KIND,
  type AssignableRole,
} from '@casebridge/domain/roles';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useOrganizationOptions } from '#src/lib/organization-options.ts';
import { useUpdateUser } from '#src/features/admin/api/users-api.ts';
import { RoleOrganizationFields } from './role-organization-fields.tsx';

const isAssignable = (role: string): role is AssignableRole =>
  (ASSIGNABLE_ROLES as readonly string[]).includes(role);

/**
 * Edit User: name, role and organisation, checked by the schema the server parses with (a role
 * with an organisation needs one of its kind). A new role or organisation signs the user out.
 */
export function EditUserModal({ user, onClose }: { user: TAdminUser; onClose: () => void }) {
  const update = useUpdateUser();
  const form = useDomainForm(ZEditUserRequest, {
    defaultValues: {
      name: user.name,
      role: isAssignable(user.role) ? user.role : 'clinic',
      organizationId: user.organization?.id ?? null,
    },
  });
  const { errors } = form.formState;
  // The user's organisation can only be shown selected once its select has its options.
  const currentOptions = useOrganizationOptions(ROLE_ORGANIZATION_KIND[user.role] ?? 'clinic');

  function handleValid(values: TEditUserParsed) {
    update.mutate(
      { id: user.id, ...values },
      {
        onSuccess: () => {
          toast.success(USER_MESSAGES.updated);
          onClose();
        },
        onError: (failure) =>
          toast.error('Failed to update user', {
            description: getErrorMessage(failure, 'Please try again.'),
          }),
      },
    );
  }

  return (
    <Dialog
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Edit User"
      description={`${user.email}. A new role or organization signs the user out everywhere.`}
      className="w-[min(40rem,calc(100%-2rem))]"
    >
      <form onSubmit={form.submitWith(handleValid)} noValidate className="space-y-4">
        <FormField id="edit-user-name" label="Full name" error={errors.name?.message} isRequired>
          <Input autoComplete="off" {...form.register('name')} />
        </FormField>
        {currentOptions.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : (
          <RoleOrganizationFields form={form} />
        )}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
