import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type TWebhookEndpointWithSecret,
  type TWebhookEventType,
} from '@casebridge/domain/webhooks/webhook.schemas';
import { useState, type FormEvent } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input, Select } from '#src/components/ui/input.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import {
  useCreateWebhook,
  useWebhookOrganizations,
} from '#src/features/webhooks/api/webhooks-api.ts';

const KIND_LABELS = { clinic: 'Clinic', firm: 'Attorney firm', lienholder: 'Lienholder' } as const;

/**
 * Registers an endpoint: its https address, a description and the event types it receives; an
 * administrator also chooses whose patients it hears about (all, or one organisation's).
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
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [types, setTypes] = useState<TWebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const [organizationId, setOrganizationId] = useState('');
  const [errors, setErrors] = useState<{ url?: string; types?: string; form?: string }>({});
  const create = useCreateWebhook();
  const organizations = useWebhookOrganizations(isAdmin && isOpen);

  function reset() {
    setUrl('');
    setDescription('');
    setTypes([...WEBHOOK_EVENT_TYPES]);
    setOrganizationId('');
    setErrors({});
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const found = {
      url: /^https?:\/\/\S+$/.test(url.trim()) ? undefined : 'Enter an https:// address',
      types: types.length > 0 ? undefined : 'Choose at least one event type',
    };
    setErrors(found);
    if (found.url || found.types) return;
    create.mutate(
      {
        url: url.trim(),
        description,
        eventTypes: types,
        ...(isAdmin ? { organizationId: organizationId || null } : {}),
      },
      {
        onSuccess: (created) => {
          reset();
          onCreated(created);
        },
        onError: (error) => {
          const message = getErrorMessage(error, 'The endpoint could not be registered.');
          setErrors(message.startsWith('url') ? { url: message } : { form: message });
        },
      },
    );
  }

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (open) return;
        reset();
        onClose();
      }}
      title="Add webhook endpoint"
      description="CaseBridge will POST signed JSON to this address when the chosen events happen."
    >
      <form noValidate onSubmit={handleSubmit} className="space-y-4">
        <FormField id="webhook-url" label="Endpoint URL" isRequired error={errors.url}>
          <Input
            type="url"
            inputMode="url"
            placeholder="https://example.com/casebridge-events"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        </FormField>
        <FormField id="webhook-description" label="Description">
          <Input
            value={description}
            maxLength={500}
            onChange={(event) => setDescription(event.target.value)}
          />
        </FormField>
        {isAdmin ? (
          <FormField id="webhook-scope" label="Patients it hears about">
            <Select
              value={organizationId}
              onChange={(event) => setOrganizationId(event.target.value)}
            >
              <option value="">All patients</option>
              {(organizations.data ?? []).map((organization) => (
                <option key={organization.id} value={organization.id}>
                  {organization.name} ({KIND_LABELS[organization.kind]})
                </option>
              ))}
            </Select>
          </FormField>
        ) : null}
        <fieldset aria-describedby={errors.types ? 'webhook-types-error' : undefined}>
          <legend className="mb-1 text-sm font-medium text-ink">Event types</legend>
          <div className="grid gap-1 sm:grid-cols-2">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <label key={type} className="flex items-center gap-2 py-1 text-sm text-ink">
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  checked={types.includes(type)}
                  onChange={(event) =>
                    setTypes((current) =>
                      event.target.checked
                        ? [...current, type]
                        : current.filter((item) => item !== type),
                    )
                  }
                />
                {WEBHOOK_EVENT_LABELS[type]}
              </label>
            ))}
          </div>
          {errors.types ? (
            <p id="webhook-types-error" className="mt-1 text-sm text-danger">
              {errors.types}
            </p>
          ) : null}
        </fieldset>
        {errors.form ? (
          <p role="alert" className="text-sm text-danger">
            {errors.form}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              reset();
              onClose();
            }}
          >
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
