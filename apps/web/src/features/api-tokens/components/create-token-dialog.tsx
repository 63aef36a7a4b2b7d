import {
  API_TOKEN_DEFAULT_LIFETIME_DAYS,
  API_TOKEN_MAX_LIFETIME_DAYS,
  API_TOKEN_NAME_MAX,
  API_TOKEN_TEXTS,
  capabilityLabel,
  tokenCapabilitiesFor,
  tokenRoleFor,
  ZCreateApiTokenRequest,
  type TCreateApiTokenRequest,
  type TCreateApiTokenResult,
} from '@casebridge/domain/api-tokens/api-token.schemas';
import type { Capability } from '@casebridge/domain/capabilities';
import { ROLE_LABELS, type OrganizationKind } from '@casebridge/domain/roles';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input, Select } from '#src/components/ui/input.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import {
  useAllOrganizations,
  useCreateApiToken,
} from '#src/features/api-tokens/api/api-tokens-api.ts';

const KIND_GROUPS: Array<{ kind: OrganizationKind; label: string }> = [
  { kind: 'clinic', label: 'Clinics' },
  { kind: 'firm', label: 'Attorney firms' },
  { kind: 'lienholder', label: 'Lienholders' },
];

const pad = (value: number) => String(value).padStart(2, '0');

/** A date `days` from today as a date input holds it (the browser's own calendar day). */
export function localDateInDays(days: number, from = new Date()): string {
  const day = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** "Valid through" a day: the token ends when that day ends, in the browser's time zone. */
export function endOfLocalDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year!, month! - 1, day! + 1).toISOString();
}

/** The day a date input shows for an expiry made by `endOfLocalDay`; blank for none. */
function validThroughOf(expiresAt: string): string {
  const end = new Date(expiresAt);
  if (!expiresAt || Number.isNaN(end.getTime())) return '';
  const day = new Date(end.getFullYear(), end.getMonth(), end.getDate() - 1);
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

function getDefaultValues(): TCreateApiTokenRequest {
  return {
    name: '',
    organizationId: null,
    capabilities: ['patients:read'],
    expiresAt: endOfLocalDay(localDateInDays(API_TOKEN_DEFAULT_LIFETIME_DAYS)),
  };
}

/**
 * Create API token: a name, the organisation it acts for (or Administrators), the capabilities
 * that organisation's role lets a token hold, and the last day it is valid (90 days offered,
 * at most a year less a day, so the end of that day is within a year). Checked by the schema
 * the server parses with; the secret is shown by the caller once this answers.
 */
export function CreateTokenDialog({
  isOpen,
  onClose,
  onCreated,
}: {
  isOpen: boolean;
  onClose: () => void;
  onCreated: (result: TCreateApiTokenResult) => void;
}) {
  const organizations = useAllOrganizations();
  const create = useCreateApiToken();
  // The form holds the request itself: the organisation as its id or null for Administrators,
  // the expiry as the instant the chosen day ends, which the date input shows as that day.
  const form = useDomainForm(ZCreateApiTokenRequest, {
    defaultValues: getDefaultValues(),
    toastFirstError: false,
  });
  const { errors } = form.formState;
  const capabilitiesError = errors.capabilities?.message;
  const organizationId = form.watch('organizationId');
  const capabilities = form.watch('capabilities');
  const expiresAt = form.watch('expiresAt');

  const kind = organizations.data?.find((item) => item.id === organizationId)?.kind ?? null;
  const role = tokenRoleFor(kind);
  const allowed = tokenCapabilitiesFor(role);

  function chooseOrganization(id: string) {
    form.setValue('organizationId', id || null, { shouldDirty: true });
    const nextKind = organizations.data?.find((item) => item.id === id)?.kind ?? null;
    const nextAllowed = tokenCapabilitiesFor(tokenRoleFor(nextKind));
    form.setValue(
      'capabilities',
      capabilities.filter((each) => nextAllowed.includes(each)),
      { shouldDirty: true },
    );
  }

  function toggle(capability: Capability, checked: boolean) {
    form.setValue(
      'capabilities',
      allowed.filter((each) => (each === capability ? checked : capabilities.includes(each))),
      { shouldDirty: true },
    );
  }

  function handleValid(request: TCreateApiTokenRequest) {
    create.mutate(request, {
      onSuccess: (result) => {
        toast.success(API_TOKEN_TEXTS.created);
        form.reset(getDefaultValues());
        onCreated(result);
      },
      onError: (failure) =>
        toast.error(API_TOKEN_TEXTS.createFailed, {
          description: getErrorMessage(failure, 'Please try again.'),
        }),
    });
  }

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Create API token"
      className="w-[min(40rem,calc(100%-2rem))]"
    >
      <form onSubmit={form.submitWith(handleValid)} noValidate className="space-y-4">
        <FormField id="api-token-name" label="Name" error={errors.name?.message} isRequired>
          <Input
            maxLength={API_TOKEN_NAME_MAX}
            placeholder="e.g. Practice management sync"
            {...form.register('name')}
          />
        </FormField>
        <FormField
          id="api-token-organization"
          label="Acts for"
          error={errors.organizationId?.message}
          hint={`The token sees and does what ${ROLE_LABELS[role]} users of it may, limited to the capabilities below.`}
        >
          <Select
            value={organizationId ?? ''}
            onChange={(event) => chooseOrganization(event.target.value)}
          >
            <option value="">Administrators</option>
            {KIND_GROUPS.map((group) => (
              <optgroup key={group.kind} label={group.label}>
                {organizations.data
                  ?.filter((item) => item.kind === group.kind)
                  .map((item) => (
                    <option key={item.id} value={item.id}>
                      {item.name}
                    </option>
                  ))}
              </optgroup>
            ))}
          </Select>
        </FormField>
        <fieldset
          aria-describedby={capabilitiesError ? 'api-token-capabilities-error' : undefined}
          aria-invalid={capabilitiesError ? true : undefined}
        >
          <legend className="mb-2 text-sm font-medium text-ink">
            Capabilities<span aria-hidden> *</span>
          </legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {allowed.map((capability) => {
              const id = `api-token-capability-${capability.replace(':', '-')}`;
              return (
                <div key={capability} className="flex items-center gap-2">
                  <input
                    id={id}
                    type="checkbox"
                    className="h-4 w-4"
                    checked={capabilities.includes(capability)}
                    onChange={(event) => toggle(capability, event.target.checked)}
                  />
                  <label htmlFor={id} className="text-sm text-ink">
                    {capabilityLabel(capability)}
                  </label>
                </div>
              );
            })}
          </div>
          {capabilitiesError ? (
            <p id="api-token-capabilities-error" className="mt-1 text-xs text-danger">
              {capabilitiesError}
            </p>
          ) : null}
        </fieldset>
        <FormField
          id="api-token-valid-through"
          label="Valid through"
          error={errors.expiresAt?.message}
          hint={`The token stops working at the end of this day. At most ${API_TOKEN_MAX_LIFETIME_DAYS} days.`}
          isRequired
        >
          <Input
            type="date"
            value={validThroughOf(expiresAt)}
            min={localDateInDays(0)}
            max={localDateInDays(API_TOKEN_MAX_LIFETIME_DAYS - 1)}
            onChange={(event) =>
              form.setValue(
                'expiresAt',
                event.target.value ? endOfLocalDay(event.target.value) : '',
                { shouldDirty: true },
              )
            }
            className="sm:w-56"
          />
        </FormField>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create token'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
