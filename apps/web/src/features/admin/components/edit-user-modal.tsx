import {
  USER_MESSAGES,
  ZAdminUser,
  ZEditUserRequest,
  type TAdminUser,
  type TEditUserParsed,
  type TEditUserRequest,
} from '@casebridge/domain/users/user.schemas';
import {
  ASSIGNABLE_ROLES,
  ROLE_LABELS,
  ROLE_ORGANIZATION_KIND,
  type AssignableRole,
} from '@casebridge/domain/roles';
import { toast } from 'sonner';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { RecordEditDialog } from '#src/components/ui/record-edit-dialog.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useOrganizationOptions } from '#src/lib/organization-options.ts';
import { useRecordEditing } from '#src/lib/record-editing.ts';
import { useUpdateUser } from '#src/features/admin/api/users-api.ts';
import { RoleOrganizationFields } from './role-organization-fields.tsx';

const isAssignable = (role: string): role is AssignableRole =>
  (ASSIGNABLE_ROLES as readonly string[]).includes(role);

const toValues = (user: TAdminUser): TEditUserRequest => ({
  name: user.name,
  role: isAssignable(user.role) ? user.role : 'clinic',
  organizationId: user.organization?.id ?? null,
});

const LABELS = { name: 'Full name', role: 'Role', organizationId: 'Organization' } as const;

/** Organisation names by id, of every kind: what a changed organisation reads as. */
function useOrganizationNames(): Map<string, string> {
  const clinics = useOrganizationOptions('clinic');
  const firms = useOrganizationOptions('firm');
  const lienholders = useOrganizationOptions('lienholder');
  return new Map(
    [clinics, firms, lienholders].flatMap((query) =>
      (query.data ?? []).map((organization) => [organization.id, organization.name] as const),
    ),
  );
}

/**
 * Edit User: name, role and organisation, checked by the schema the server parses with (a role
 * with an organisation needs one of its kind). A new role or organisation signs the user out.
 * The user is the list's row as it now is: another admin's change meanwhile is offered for
 * review, never typed over.
 */
export function EditUserModal({ user, onClose }: { user: TAdminUser; onClose: () => void }) {
  const update = useUpdateUser();
  const form = useDomainForm(ZEditUserRequest, { defaultValues: toValues(user) });
  const organizationNames = useOrganizationNames();
  const editing = useRecordEditing({
    record: user,
    form,
    toValues,
    labels: LABELS,
    display: (field, value) => {
      if (field === 'role')
        return isAssignable(String(value)) ? ROLE_LABELS[value as AssignableRole] : '—';
      if (field === 'organizationId')
        return value ? (organizationNames.get(String(value)) ?? 'Another organization') : '—';
      return String(value ?? '') || '—';
    },
    parse: (current) => ZAdminUser.safeParse(current).data ?? null,
  });
  const { errors } = form.formState;
  // The user's organisation can only be shown selected once its select has its options.
  const currentOptions = useOrganizationOptions(ROLE_ORGANIZATION_KIND[user.role] ?? 'clinic');

  function handleValid(values: TEditUserParsed) {
    update.mutate(
      { id: user.id, ifMatch: editing.baseVersion, ...values },
      {
        onSuccess: (saved) => {
          editing.onSaved(saved);
          toast.success(USER_MESSAGES.updated);
          onClose();
        },
        onError: (failure) => {
          if (editing.onSaveError(failure)) return;
          toast.error('Failed to update user', {
            description: getErrorMessage(failure, 'Please try again.'),
          });
        },
      },
    );
  }

  return (
    <RecordEditDialog
      title="Edit User"
      description={`${user.email}. A new role or organization signs the user out everywhere.`}
      editing={editing}
      isDirty={form.formState.isDirty}
      isSaving={update.isPending}
      onSubmit={form.submitWith(handleValid)}
      onClose={onClose}
    >
      <FormField id="edit-user-name" label="Full name" error={errors.name?.message} isRequired>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      {currentOptions.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : (
        <RoleOrganizationFields form={form} />
      )}
    </RecordEditDialog>
  );
}
