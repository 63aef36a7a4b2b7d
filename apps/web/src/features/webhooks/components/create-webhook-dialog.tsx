import { readErrorBody } from '@casebridge/domain/errors';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  ZCreateWebhookForm,
  type TCreateWebhookEndpoint,
  type TCreateWebhookForm,
  type TWebhookEndpointWithSecret,
  type TWebhookEventType,
} from '@casebridge/domain/webhooks/webhook.schemas';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input, Select } from '#src/components/ui/input.tsx';
import { ApiError, getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import {
  useCreateWebhook,
  useWebhookOrganizations,
} from '#src/features/webhooks/api/webhooks-api.ts';

const KIND_LABELS = { clinic: 'Clinic', firm: 'Attorney firm', lienholder: 'Lienholder' } as const;
const FIELDS = ['url', 'description', 'organizationId', 'eventTypes'] as const;
type Field = (typeof FIELDS)[number];

/** Every type ticked; an administrator's endpoint hears about all patients unless one is chosen. */
const getDefaultValues = (isAdmin: boolean): TCreateWebhookForm => ({
  url: '',
  description: '',
  eventTypes: [...WEBHOOK_EVENT_TYPES],
  ...(isAdmin ? { organizationId: '' } : {}),
});

/**
 * The field a refusal is about: its first detail's, or the one its message starts with (the
 * service words its own checks `url: must resolve to a public address`).
 */
function getRefusedField(error: unknown): Field | undefined {
  const body = error instanceof ApiError ? readErrorBody(error.body) : null;
  const path = body?.error.details?.[0]?.field ?? body?.error.message ?? '';
  const name = /^(\w+)(?=[.[:]|$)/.exec(path)?.[1];
  return FIELDS.find((field) => field === name);
}

/**
 * Registers an endpoint: its https address, a description and the event types it receives; an
 * administrator also chooses whose patients it hears about (all, or one organisation's).
 * Checked by the domain's form schema, whose output is the create request.
 */
export function CreateWebhookDialog({
  isOpen,
  isAdmin,
  onClose,
  onCreated,
}: {
  isOpen: boolean;
  isAdmin: boolean;
  onClose: () => void;
  onCreated: (created: TWebhookEndpointWithSecret) => void;
}) {
  const create = useCreateWebhook();
  const organizations = useWebhookOrganizations(isAdmin && isOpen);
  const form = useDomainForm(ZCreateWebhookForm, {
    defaultValues: getDefaultValues(isAdmin),
    toastFirstError: false,
  });
  const { errors, isSubmitted } = form.formState;
  const typesError = errors.eventTypes?.message;
  const types = form.watch('eventTypes');

  function close() {
    form.reset(getDefaultValues(isAdmin));
    onClose();
  }

  function toggle(type: TWebhookEventType, isChecked: boolean) {
    form.setValue(
      'eventTypes',
      WEBHOOK_EVENT_TYPES.filter((each) => (each === type ? isChecked : types.includes(each))),
      { shouldDirty: true, shouldValidate: isSubmitted },
    );
  }

  function handleValid(request: TCreateWebhookEndpoint) {
    create.mutate(request, {
      onSuccess: (created) => {
        form.reset(getDefaultValues(isAdmin));
        onCreated(created);
      },
      // What was typed stays: the reason goes under the field it is about, or above the buttons.
      onError: (error) => {
        const message = getErrorMessage(error, 'The endpoint could not be registered.');
        const field = getRefusedField(error);
        if (field && (field !== 'organizationId' || isAdmin))
          form.setError(field, { message }, { shouldFocus: true });
        else form.setError('root.server', { message });
      },
    });
  }

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => (open ? undefined : close())}
      title="Add webhook endpoint"
      description="CaseBridge will POST signed JSON to this address when the chosen events happen."
    >
      <form noValidate onSubmit={form.submitWith(handleValid)} className="space-y-4">
        <FormField id="webhook-url" label="Endpoint URL" isRequired error={errors.url?.message}>
          <Input
            type="url"
            inputMode="url"
            placeholder="https://example.com/casebridge-events"
            {...form.register('url')}
          />
        </FormField>
        <FormField id="webhook-description" label="Description" error={errors.description?.message}>
          <Input maxLength={500} {...form.register('description')} />
        </FormField>
        {isAdmin ? (
          <FormField
            id="webhook-scope"
            label="Patients it hears about"
            error={errors.organizationId?.message}
          >
            <Select {...form.register('organizationId')}>
              <option value="">All patients</option>
              {(organizations.data ?? []).map((organization) => (
                <option key={organization.id} value={organization.id}>
                  {organization.name} ({KIND_LABELS[organization.kind]})
                </option>
              ))}
            </Select>
          </FormField>
        ) : null}
        <fieldset
          aria-describedby={typesError ? 'webhook-types-error' : undefined}
          aria-invalid={typesError ? true : undefined}
        >
          <legend className="mb-1 text-sm font-medium text-ink">Event types</legend>
          <div className="grid gap-1 sm:grid-cols-2">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <label key={type} className="flex items-center gap-2 py-1 text-sm text-ink">
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  checked={types.includes(type)}
                  onChange={(event) => toggle(type, event.target.checked)}
                />
                {WEBHOOK_EVENT_LABELS[type]}
              </label>
            ))}
          </div>
          {typesError ? (
            <p id="webhook-types-error" className="mt-1 text-sm text-danger">
              {typesError}
            </p>
          ) : null}
        </fieldset>
        {errors.root?.server?.message ? (
          <p role="alert" className="text-sm text-danger">
            {errors.root.server.message}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            Add endpoint
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
