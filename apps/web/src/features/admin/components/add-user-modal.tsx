import { USER_MESSAGES, getUserCreatedMessage } from '@casebridge/domain/users/user.schemas';
import type { AssignableRole } from '@casebridge/domain/roles';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { Input, Label } from '#src/components/ui/input.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useCreateUser } from '#src/features/admin/api/users-api.ts';
import { RoleOrganizationFields } from './role-organization-fields.tsx';

/** The spec's Add User checks, in its order; the first failure is the toast. */
export function getAddUserError(values: {
  name: string;
  email: string;
  role: AssignableRole;
  organizationId: string;
}): string | null {
  if (!values.name.trim() || !values.email.trim()) return USER_MESSAGES.requiredFields;
  if (!values.email.includes('@')) return USER_MESSAGES.invalidEmail;
  if (values.role !== 'admin' && !values.organizationId) return USER_MESSAGES.organizationRequired;
  return null;
}

export function AddUserModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AssignableRole>('clinic');
  const [organizationId, setOrganizationId] = useState('');
  const createUser = useCreateUser();

  function reset() {
    setName('');
    setEmail('');
    setRole('clinic');
    setOrganizationId('');
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const error = getAddUserError({ name, email, role, organizationId });
    if (error) {
      toast.error(error);
      return;
    }
    const normalizedEmail = email.trim().toLowerCase();
    createUser.mutate(
      { name: name.trim(), email: normalizedEmail, role, organizationId: organizationId || null },
      {
        onSuccess: (user) => {
          toast.success(getUserCreatedMessage(role), {
            description: user.approved
              ? `An invitation was e-mailed to ${user.email}.`
              : `An invitation was e-mailed to ${user.email}. The account awaits approval.`,
          });
          reset();
          onClose();
        },
        onError: (failure) =>
          toast.error(USER_MESSAGES.createFailed, {
            description: getErrorMessage(failure, 'Please try again.'),
          }),
      },
    );
  }

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Add New User"
      description="The user receives an e-mail with a link to set their password."
      className="w-[min(40rem,calc(100%-2rem))]"
    >
      <form onSubmit={handleSubmit} noValidate className="space-y-4">
        <div>
          <Label htmlFor="new-user-name">Full name</Label>
          <Input
            id="new-user-name"
            autoComplete="off"
            aria-required="true"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <div>
          <Label htmlFor="new-user-email">Email</Label>
          <Input
            id="new-user-email"
            type="email"
            autoComplete="off"
            aria-required="true"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <RoleOrganizationFields
          role={role}
          organizationId={organizationId}
          onRoleChange={setRole}
          onOrganizationChange={setOrganizationId}
        />
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
