import { ORGANIZATION_MESSAGES } from '@casebridge/domain/organizations/organization-admin.schemas';
import type { TOrganization } from '@casebridge/domain/organizations/organization.schemas';
import type { OrganizationKind } from '@casebridge/domain/roles';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { Input, Label, Select, Textarea } from '#src/components/ui/input.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import {
  useCreateOrganization,
  useUpdateOrganization,
} from '#src/features/directory/api/directory-api.ts';

export const KIND_LABELS: Record<OrganizationKind, string> = {
  clinic: 'Clinic',
  firm: 'Attorney Firm',
  lienholder: 'Lienholder',
};

const splitList = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

type Values = {
  kind: OrganizationKind;
  name: string;
  description: string;
  phone: string;
  email: string;
  address: string;
  labels: string;
};

function toValues(kind: OrganizationKind, organization?: TOrganization): Values {
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
  const [values, setValues] = useState<Values>(() => toValues(kind, organization));
  const create = useCreateOrganization();
  const update = useUpdateOrganization();
  const set = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));
  const labelField = LABEL_FIELD[values.kind];

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!values.name.trim()) return void toast.error(ORGANIZATION_MESSAGES.nameRequired);
    if (values.email.trim() && !values.email.includes('@'))
      return void toast.error(ORGANIZATION_MESSAGES.invalidEmail);
    const input = {
      name: values.name.trim(),
      description: values.description,
      phone: values.phone,
      email: values.email,
      address: values.address,
      specialties: values.kind === 'clinic' ? splitList(values.labels) : [],
      practiceAreas: values.kind === 'firm' ? splitList(values.labels) : [],
      lienholderType: values.kind === 'lienholder' ? values.labels : null,
    };
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
    if (organization) update.mutate({ id: organization.id, ...input }, callbacks);
    else create.mutate({ kind: values.kind, ...input }, callbacks);
  }

  const isPending = create.isPending || update.isPending;
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={organization ? `Edit ${KIND_LABELS[organization.kind]}` : 'Add Organization'}
      className="w-[min(40rem,calc(100%-2rem))]"
    >
      <form onSubmit={handleSubmit} noValidate className="space-y-4">
        {organization ? null : (
          <div>
            <Label htmlFor="org-kind">Type</Label>
            <Select
              id="org-kind"
              value={values.kind}
              onChange={(event) =>
                set({ kind: event.target.value as OrganizationKind, labels: '' })
              }
            >
              {(Object.keys(KIND_LABELS) as OrganizationKind[]).map((item) => (
                <option key={item} value={item}>
                  {KIND_LABELS[item]}
                </option>
              ))}
            </Select>
          </div>
        )}
        <div>
          <Label htmlFor="org-name">Name</Label>
          <Input
            id="org-name"
            aria-required="true"
            value={values.name}
            onChange={(event) => set({ name: event.target.value })}
          />
        </div>
        <div>
          <Label htmlFor="org-description">Description</Label>
          <Textarea
            id="org-description"
            rows={3}
            value={values.description}
            onChange={(event) => set({ description: event.target.value })}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor="org-phone">Phone</Label>
            <Input
              id="org-phone"
              type="tel"
              value={values.phone}
              onChange={(event) => set({ phone: event.target.value })}
            />
          </div>
          <div>
            <Label htmlFor="org-email">Email</Label>
            <Input
              id="org-email"
              type="email"
              value={values.email}
              onChange={(event) => set({ email: event.target.value })}
            />
          </div>
        </div>
        <div>
          <Label htmlFor="org-address">Address</Label>
          <Input
            id="org-address"
            value={values.address}
            onChange={(event) => set({ address: event.target.value })}
          />
        </div>
        <div>
          <Label htmlFor="org-labels">{labelField.label}</Label>
          <Input
            id="org-labels"
            aria-describedby={labelField.hint ? 'org-labels-hint' : undefined}
            value={values.labels}
            onChange={(event) => set({ labels: event.target.value })}
          />
          {labelField.hint ? (
            <p id="org-labels-hint" className="mt-1 text-xs text-ink-muted">
              {labelField.hint}
            </p>
          ) : null}
        </div>
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
