import {
  ACCESS_GRANT_DURATIONS,
  ACCESS_GRANT_TEXTS,
  ZGrantAccessRequest,
} from '@casebridge/domain/access-grants/access-grant.schemas';
import { ROLE_LABELS } from '@casebridge/domain/roles';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Select } from '#src/components/ui/input.tsx';
import { ReasonField } from '#src/components/ui/reason-field.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import {
  useGrantAccess,
  useGrantCandidates,
} from '#src/features/access-grants/api/access-grants-api.ts';

/**
 * 'Grant access': an admin picks a clinic, attorney or lienholder user who does not see the
 * patient, a duration from the offered ones and a reason (all required, checked by the schema
 * the server parses with).
 */
export function GrantAccessDialog({
  patientId,
  patientName,
  onClose,
}: {
  patientId: string;
  patientName: string;
  onClose: () => void;
}) {
  const candidates = useGrantCandidates(patientId);
  const grant = useGrantAccess(patientId);
  const form = useDomainForm(ZGrantAccessRequest, {
    defaultValues: { userId: '', durationHours: 24, reason: '' },
    toastFirstError: false,
  });
  const { errors } = form.formState;

  function handleValid(values: z.output<typeof ZGrantAccessRequest>) {
    grant.mutate(values, {
      onSuccess: () => {
        toast.success(ACCESS_GRANT_TEXTS.granted);
        onClose();
      },
      onError: (error) =>
        toast.error(ACCESS_GRANT_TEXTS.grantFailed, {
          description: getErrorMessage(error, 'Please try again.'),
        }),
    });
  }

  return (
    <Dialog
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Grant temporary access"
      description={`Let a user outside ${patientName}'s care team see this patient for a limited time. The patient's parties are told, and every use is audited.`}
    >
      <form noValidate className="space-y-4" onSubmit={form.submitWith(handleValid)}>
        <FormField id="grant-user" label="User" isRequired error={errors.userId?.message}>
          <Select {...form.register('userId')} disabled={candidates.isPending}>
            <option value="">{candidates.isPending ? 'Loading users…' : 'Choose a user'}</option>
            {(candidates.data ?? []).map((user) => (
              <option key={user.id} value={user.id}>
                {user.name} — {ROLE_LABELS[user.role]}
                {user.organizationName ? `, ${user.organizationName}` : ''} ({user.email})
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          id="grant-duration"
          label="Duration"
          isRequired
          error={errors.durationHours?.message}
        >
          <Select {...form.register('durationHours')}>
            {ACCESS_GRANT_DURATIONS.map((duration) => (
              <option key={duration.hours} value={duration.hours}>
                {duration.label}
              </option>
            ))}
          </Select>
        </FormField>
        <ReasonField
          id="grant-reason"
          error={errors.reason?.message}
          registration={form.register('reason')}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={grant.isPending}>
            {grant.isPending ? 'Granting...' : 'Grant access'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
