import {
  ORGANIZATION_MESSAGES,
  ZOrganizationForm,
  type TOrganizationForm,
} from '@casebridge/domain/organizations/organization-admin.schemas';
import type { TOrganization } from '@casebridge/domain/organizations/organization.schemas';
import type { OrganizationKind } from '@casebridge/domain/roles';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input, Select, Textarea } from '#src/components/ui/input.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import {
  useCreateOrganization,
  useUpdateOrganization,
} from '#src/features/directory/api/directory-api.ts';

export const KIND_LABELS: Record<OrganizationKind, string> = {
  clinic: 'Clinic',
  firm: 'Attorney Firm',
  lienholder: 'Lienholder',
};

function toValues(kind: OrganizationKind, organization?: TOrganization): TOrganizationForm {
  return {
    kind: organization?.kind ?? kind,
    name: organization?.name ?? '',
    description: organization?.description ?? '',
    phone: organization?.phone ?? '',
    email: organization?.email ?? '',
    address: organization?.address ?? '',
    labels: organization
      ? organization.kind === 'clinic'
        ? organization.specialties.join(', ')
        : organization.kind === 'firm'
          ? organization.practiceAreas.join(', ')
          : (organization.lienholderType ?? '')
      : '',
  };
}

const LABEL_FIELD: Record<OrganizationKind, { label: string; hint?: string }> = {
  clinic: { label: 'Specialties', hint: 'Separate with commas.' },
  firm: { label: 'Practice areas', hint: 'Separate with commas.' },
  lienholder: { label: 'Lienholder type' },
};

/** Admin: add an organisation (of the chosen kind) or edit one (its kind stays). */
export function OrganizationFormModal({
  kind,
  organization,
  onClose,
}: {
  kind: OrganizationKind;
  organization?: TOrganization;
  onClose: () => void;
}) {
  const create = useCreateOrganization();
  const update = useUpdateOrganization();
  // Checked as the server checks (name, then e-mail); the spec words no toast, so the error
  // shows at its field, which gets focus.
  const form = useDomainForm(ZOrganizationForm, {
    defaultValues: toValues(kind, organization),
    toastFirstError: false,
  });
  const { errors } = form.formState;
  const labelField = LABEL_FIELD[form.watch('kind')];

  function handleValid({ kind: chosenKind, ...input }: z.output<typeof ZOrganizationForm>) {
    const callbacks = {
      onSuccess: () => {
        toast.success(organization ? ORGANIZATION_MESSAGES.updated : ORGANIZATION_MESSAGES.created);
        onClose();
      },
      onError: (error: Error) =>
        toast.error(ORGANIZATION_MESSAGES.saveFailed, {
          description: getErrorMessage(error, 'Please try again.'),
        }),
    };
    // The kind of an organisation never changes.
    if (organization) update.mutate({ id: organization.id, ...input }, callbacks);
    else create.mutate({ kind: chosenKind, ...input }, callbacks);
  }

  const isPending = create.isPending || update.isPending;
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={organization ? `Edit ${KIND_LABELS[organization.kind]}` : 'Add Organization'}
      className="w-[min(40rem,calc(100%-2rem))]"
    >
      <form onSubmit={form.submitWith(handleValid)} noValidate className="space-y-4">
        {organization ? null : (
          <FormField id="org-kind" label="Type">
            <Select {...form.register('kind', { onChange: () => form.setValue('labels', '') })}>
              {(Object.keys(KIND_LABELS) as OrganizationKind[]).map((item) => (
                <option key={item} value={item}>
                  {KIND_LABELS[item]}
                </option>
              ))}
            </Select>
          </FormField>
        )}
        <FormField id="org-name" label="Name" error={errors.name?.message} isRequired>
          <Input {...form.register('name')} />
        </FormField>
        <FormField id="org-description" label="Description" error={errors.description?.message}>
          <Textarea rows={3} {...form.register('description')} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="org-phone" label="Phone" error={errors.phone?.message}>
            <Input type="tel" {...form.register('phone')} />
          </FormField>
          <FormField id="org-email" label="Email" error={errors.email?.message}>
            <Input type="email" {...form.register('email')} />
          </FormField>
        </div>
        <FormField id="org-address" label="Address" error={errors.address?.message}>
          <Input {...form.register('address')} />
        </FormField>
        <FormField
          id="org-labels"
          label={labelField.label}
          error={errors.labels?.message}
          hint={labelField.hint}
        >
          <Input {...form.register('labels')} />
        </FormField>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending ? 'Saving...' : organization ? 'Save Changes' : 'Add Organization'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
