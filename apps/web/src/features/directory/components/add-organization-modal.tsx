import {
  ORGANIZATION_MESSAGES,
  ZOrganizationForm,
} from '@casebridge/domain/organizations/organization-admin.schemas';
import type { OrganizationKind } from '@casebridge/domain/roles';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useCreateOrganization } from '#src/features/directory/api/directory-api.ts';
import { OrganizationFields, toOrganizationFormValues } from './organization-fields.tsx';

/** Admin: add an organisation, of the kind of the tab it was opened from unless changed. */
export function AddOrganizationModal({
  kind,
  onClose,
}: {
  kind: OrganizationKind;
  onClose: () => void;
}) {
  const create = useCreateOrganization();
  // Checked as the server checks (name, then e-mail); the spec words no toast, so the error
  // shows at its field, which gets focus.
  const form = useDomainForm(ZOrganizationForm, {
    defaultValues: toOrganizationFormValues(kind),
    toastFirstError: false,
  });

  function handleValid(input: z.output<typeof ZOrganizationForm>) {
    create.mutate(input, {
      onSuccess: () => {
        toast.success(ORGANIZATION_MESSAGES.created);
        onClose();
      },
      onError: (error) =>
        toast.error(ORGANIZATION_MESSAGES.saveFailed, {
          description: getErrorMessage(error, 'Please try again.'),
        }),
    });
  }

  return (
    <Dialog
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Add Organization"
      className="w-[min(40rem,calc(100%-2rem))]"
    >
      <form onSubmit={form.submitWith(handleValid)} noValidate className="space-y-4">
        <OrganizationFields form={form} canChooseKind />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Saving...' : 'Add Organization'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
