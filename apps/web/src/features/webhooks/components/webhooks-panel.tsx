import {
  WEBHOOK_EVENT_LABELS,
  type TWebhookEndpoint,
} from '@casebridge/domain/webhooks/webhook.schemas';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { formatDateTime } from '#src/lib/format.ts';
import {
  useDeleteWebhook,
  useRotateWebhookSecret,
  useUpdateWebhook,
  useWebhookEndpoints,
} from '#src/features/webhooks/api/webhooks-api.ts';
import { CreateWebhookDialog } from './create-webhook-dialog.tsx';
import { DELIVERY_TONES, WebhookDeliveriesDialog } from './webhook-deliveries-dialog.tsx';
import { WebhookSecretDialog, type ShownSecret } from './webhook-secret-dialog.tsx';

type Confirmation = { kind: 'delete' | 'rotate'; endpoint: TWebhookEndpoint };

const CONFIRM_TEXTS = {
  delete: {
    title: 'Delete this endpoint?',
    message: (url: string) =>
      `${url} will get no more deliveries, and those still queued will not be sent. This cannot be undone.`,
    confirm: 'Delete endpoint',
  },
  rotate: {
    title: 'Rotate the signing secret?',
    message: (url: string) =>
      `Deliveries to ${url} are signed with a new secret from now on; the receiver must be given it before it can check them.`,
    confirm: 'Rotate secret',
  },
} as const;

/** One endpoint: its address, scope, events, state and last delivery, with its actions. */
function EndpointCard({
  endpoint,
  showScope,
  isBusy,
  onDeliveries,
  onToggle,
  onConfirm,
}: {
  endpoint: TWebhookEndpoint;
  showScope: boolean;
  isBusy: boolean;
  onDeliveries: () => void;
  onToggle: () => void;
  onConfirm: (kind: Confirmation['kind']) => void;
}) {
  const headingId = `webhook-${endpoint.id}`;
  const last = endpoint.lastDelivery;
  return (
    <li aria-labelledby={headingId} className="rounded-lg border border-border bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="break-all font-mono text-sm font-medium text-ink">
            {endpoint.url}
          </h3>
          {endpoint.description ? (
            <p className="mt-0.5 text-sm text-ink-muted">{endpoint.description}</p>
          ) : null}
        </div>
        <Badge tone={endpoint.active ? 'green' : 'gray'}>
          {endpoint.active ? 'Active' : 'Paused'}
        </Badge>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {showScope ? (
          <>
            <dt className="text-ink-muted">Patients</dt>
            <dd className="text-ink">{endpoint.organizationName ?? 'All patients'}</dd>
          </>
        ) : null}
        <dt className="text-ink-muted">Events</dt>
        <dd className="text-ink">
          {endpoint.eventTypes.map((type) => WEBHOOK_EVENT_LABELS[type]).join(', ')}
        </dd>
        <dt className="text-ink-muted">Last delivery</dt>
        <dd className="flex flex-wrap items-center gap-2 text-ink">
          {last ? (
            <>
              <Badge tone={DELIVERY_TONES[last.status]}>{last.status}</Badge>
              {last.statusCode === null ? null : (
                <span className="font-mono">HTTP {last.statusCode}</span>
              )}
              <span className="text-ink-muted">{formatDateTime(last.at)}</span>
            </>
          ) : (
            'None yet'
          )}
        </dd>
      </dl>
      <div
        className="mt-3 flex flex-wrap gap-2"
        role="group"
        aria-label={`Actions for ${endpoint.url}`}
      >
        <Button size="sm" variant="secondary" onClick={onDeliveries}>
          Deliveries
        </Button>
        <Button size="sm" variant="secondary" disabled={isBusy} onClick={onToggle}>
          {endpoint.active ? 'Pause' : 'Resume'}
        </Button>
        <Button size="sm" variant="secondary" disabled={isBusy} onClick={() => onConfirm('rotate')}>
          Rotate secret
        </Button>
        <Button size="sm" variant="danger" disabled={isBusy} onClick={() => onConfirm('delete')}>
          Delete
        </Button>
      </div>
    </li>
  );
}

/**
 * Webhook endpoints: an administrator sees every one, with the organisation whose
 * patients it hears about or "All patients"; an organisation's user sees their organisation's.
 * Add one (its secret is shown once), see its deliveries and replay one, pause or resume it,
 * rotate its secret, delete it.
 */
export function WebhooksPanel({ isAdmin }: { isAdmin: boolean }) {
  const endpoints = useWebhookEndpoints();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const [isAdding, setIsAdding] = useState(false);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [viewing, setViewing] = useState<TWebhookEndpoint | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const isBusy = update.isPending || remove.isPending || rotate.isPending;

  function toggle(endpoint: TWebhookEndpoint) {
    update.mutate(
      { id: endpoint.id, active: !endpoint.active },
      {
        onSuccess: (saved) => toast.success(saved.active ? 'Endpoint resumed' : 'Endpoint paused'),
        onError: (error) =>
          toast.error(getErrorMessage(error, 'The endpoint could not be changed.')),
      },
    );
  }

  function confirm() {
    if (!confirmation) return;
    const { kind, endpoint } = confirmation;
    setConfirmation(null);
    if (kind === 'delete') {
      remove.mutate(endpoint.id, {
        onSuccess: () => toast.success('Endpoint deleted'),
        onError: (error) =>
          toast.error(getErrorMessage(error, 'The endpoint could not be deleted.')),
      });
      return;
    }
    rotate.mutate(endpoint.id, {
      onSuccess: (rotated) =>
        setSecret({ url: rotated.url, secret: rotated.secret, isRotated: true }),
      onError: (error) => toast.error(getErrorMessage(error, 'The secret could not be rotated.')),
    });
  }

  return (
    <section aria-labelledby="webhooks-heading" className="mt-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="webhooks-heading" className="text-lg font-semibold text-ink">
            Webhooks
          </h2>
          <p className="text-sm text-ink-muted">
            {isAdmin
              ? 'Endpoints of every organisation, and those for all patients.'
              : 'Your organisation’s systems are told when something changes for your patients.'}
          </p>
        </div>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            onClick={() => void endpoints.refetch()}
            disabled={endpoints.isFetching}
          >
            Refresh
          </Button>
          <Button onClick={() => setIsAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden />
            Add endpoint
          </Button>
        </div>
      </div>
      {endpoints.isError ? (
        <p role="alert" className="text-sm text-danger">
          {getErrorMessage(endpoints.error, 'The endpoints could not be loaded.')}
        </p>
      ) : !endpoints.data ? (
        <Skeleton className="h-32 w-full" />
      ) : endpoints.data.length === 0 ? (
        <EmptyState title="No webhook endpoints">
          Add one to have events sent to another system.
        </EmptyState>
      ) : (
        <ul aria-label="Webhook endpoints" className="space-y-3">
          {endpoints.data.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              showScope={isAdmin}
              isBusy={isBusy}
              onDeliveries={() => setViewing(endpoint)}
              onToggle={() => toggle(endpoint)}
              onConfirm={(kind) => setConfirmation({ kind, endpoint })}
            />
          ))}
        </ul>
      )}
      <CreateWebhookDialog
        isOpen={isAdding}
        isAdmin={isAdmin}
        onClose={() => setIsAdding(false)}
        onCreated={(created) => {
          setIsAdding(false);
          setSecret({ url: created.url, secret: created.secret, isRotated: false });
        }}
      />
      <WebhookSecretDialog shown={secret} onClose={() => setSecret(null)} />
      {viewing ? (
        <WebhookDeliveriesDialog endpoint={viewing} onClose={() => setViewing(null)} />
      ) : null}
      <ConfirmDialog
        isOpen={confirmation !== null}
        title={confirmation ? CONFIRM_TEXTS[confirmation.kind].title : ''}
        message={
          confirmation ? CONFIRM_TEXTS[confirmation.kind].message(confirmation.endpoint.url) : ''
        }
        confirmLabel={confirmation ? CONFIRM_TEXTS[confirmation.kind].confirm : ''}
        cancelLabel="Cancel"
        onConfirm={confirm}
        onCancel={() => setConfirmation(null)}
        onDismiss={() => setConfirmation(null)}
      />
    </section>
  );
}
