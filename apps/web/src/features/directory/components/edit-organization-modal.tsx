import {
  ORGANIZATION_MESSAGES,
  ZOrganizationForm,
  type TOrganizationForm,
} from '@casebridge/domain/organizations/organization-admin.schemas';
import {
  ZOrganization,
  type TOrganization,
} from '@casebridge/domain/organizations/organization.schemas';
import { toast } from 'sonner';
import type { z } from 'zod';
import { RecordEditDialog } from '#src/components/ui/record-edit-dialog.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useRecordEditing } from '#src/lib/record-editing.ts';
import { useUpdateOrganization } from '#src/features/directory/api/directory-api.ts';
import {
  KIND_LABELS,
  LABEL_FIELD,
  OrganizationFields,
  toOrganizationFormValues,
} from './organization-fields.tsx';

const toValues = (organization: TOrganization) =>
  toOrganizationFormValues(organization.kind, organization);

/**
 * Admin: edit an organisation (its kind stays), as the directory now holds it: another admin's
 * change meanwhile is offered for review, never typed over, and the save names the version the
 * edit started from.
 */
export function EditOrganizationModal({
  organization,
  onClose,
}: {
  organization: TOrganization;
  onClose: () => void;
}) {
  const update = useUpdateOrganization();
  // Checked as the server checks (name, then e-mail); the spec words no toast, so the error
  // shows at its field, which gets focus.
  const form = useDomainForm(ZOrganizationForm, {
    defaultValues: toValues(organization),
    toastFirstError: false,
  });
  const labels: Partial<Record<keyof TOrganizationForm, string>> = {
    name: 'Name',
    description: 'Description',
    phone: 'Phone',
    email: 'Email',
    address: 'Address',
    labels: LABEL_FIELD[organization.kind].label,
    gapThresholdDays: 'Treatment gap alert (days)',
  };
  const editing = useRecordEditing({
    record: organization,
    form,
    toValues,
    labels,
    parse: (current) => ZOrganization.safeParse(current).data ?? null,
  });

  // The kind of an organisation never changes, so it is not sent.
  function handleValid({ kind: _kind, ...input }: z.output<typeof ZOrganizationForm>) {
    update.mutate(
      { id: organization.id, ifMatch: editing.baseVersion, ...input },
      {
        onSuccess: (saved) => {
          editing.onSaved(saved);
          toast.success(ORGANIZATION_MESSAGES.updated);
          onClose();
        },
        onError: (error) => {
          if (editing.onSaveError(error)) return;
          toast.error(ORGANIZATION_MESSAGES.saveFailed, {
            description: getErrorMessage(error, 'Please try again.'),
          });
        },
      },
    );
  }

  return (
    <RecordEditDialog
      title={`Edit ${KIND_LABELS[organization.kind]}`}
      editing={editing}
      isDirty={form.formState.isDirty}
      isSaving={update.isPending}
      onSubmit={form.submitWith(handleValid)}
      onClose={onClose}
    >
      <OrganizationFields form={form} canChooseKind={false} />
    </RecordEditDialog>
  );
}
