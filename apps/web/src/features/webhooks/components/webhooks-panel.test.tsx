import type {
  TWebhookDelivery,
  TWebhookEndpoint,
} from '@casebridge/domain/webhooks/webhook.schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { DEMO_ORGANIZATIONS, signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { WebhooksPanel } from './webhooks-panel.tsx';

const SECRET = `whsec_${'b'.repeat(43)}`;
const ENDPOINT: TWebhookEndpoint = {
  id: '00000000-0000-4000-8000-0000000000e1',
  url: 'https://pms.example/casebridge',
  description: 'Practice system',
  eventTypes: ['billing.added', 'patient.status-changed'],
  active: true,
  organizationId: DEMO_ORGANIZATIONS.clinic.id,
  organizationName: DEMO_ORGANIZATIONS.clinic.name,
  createdByName: 'Casey Harbor',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  lastDelivery: { status: 'failed', statusCode: 500, at: '2026-11-02T10:00:00.000Z' },
};
const ALL_PATIENTS: TWebhookEndpoint = {
  ...ENDPOINT,
  id: '00000000-0000-4000-8000-0000000000e2',
  url: 'https://warehouse.example/in',
  description: null,
  organizationId: null,
  organizationName: null,
  active: false,
  lastDelivery: null,
};
const DELIVERY: TWebhookDelivery = {
  id: '00000000-0000-4000-8000-0000000000d1',
  endpointId: ENDPOINT.id,
  eventType: 'billing.added',
  eventId: 42,
  replayOf: null,
  status: 'failed',
  attempts: 6,
  lastStatusCode: 500,
  lastResponseBody: 'Internal error in the receiver',
  lastError: null,
  lastAttemptAt: '2026-11-02T10:00:00.000Z',
  nextAttemptAt: null,
  createdAt: '2026-11-02T09:00:00.000Z',
  deliveredAt: null,
};

function renderPanel(role: 'admin' | 'clinic') {
  return renderWithProviders(<WebhooksPanel isAdmin={role === 'admin'} />, {
    session: signedInAs(role),
    api: {
      'GET /webhooks': { items: role === 'admin' ? [ENDPOINT, ALL_PATIENTS] : [ENDPOINT] },
      'GET /organizations': { items: Object.values(DEMO_ORGANIZATIONS) },
      'POST /webhooks': ({ body }) =>
        json({ ...ENDPOINT, ...(body as object), secret: SECRET }, 201),
      'PATCH /webhooks/:id': ({ body }) => ({ ...ENDPOINT, ...(body as object) }),
      'DELETE /webhooks/:id': () => new Response(null, { status: 204 }),
      'POST /webhooks/:id/rotate-secret': { ...ENDPOINT, secret: `${SECRET}2` },
      'GET /webhooks/:id/deliveries': { items: [DELIVERY], nextCursor: null },
      'POST /webhooks/:id/deliveries/:deliveryId/replay': json(
        { ...DELIVERY, id: '00000000-0000-4000-8000-0000000000d2', replayOf: DELIVERY.id },
        201,
      ),
    },
  }).api;
}

describe('WebhooksPanel', { timeout: 20_000 }, () => {
  it('shows an admin every endpoint with whose patients it hears about', async () => {
    renderPanel('admin');
    const list = await screen.findByRole('list', { name: 'Webhook endpoints' });
    const [harbor, all] = within(list).getAllByRole('listitem');
    expect(within(harbor!).getByText(DEMO_ORGANIZATIONS.clinic.name)).toBeInTheDocument();
    expect(within(harbor!).getByText('HTTP 500')).toBeInTheDocument();
    expect(within(all!).getByText('All patients')).toBeInTheDocument();
    expect(within(all!).getByText('Paused')).toBeInTheDocument();
    expect(within(all!).getByRole('button', { name: 'Resume' })).toBeInTheDocument();
  });

  it('registers an endpoint for chosen events and shows its secret once', async () => {
    const api = renderPanel('clinic');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
    expect(within(dialog).queryByLabelText('Patients it hears about')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(within(dialog).getByLabelText('Endpoint URL *')).toHaveAccessibleDescription(
      'Enter an https:// address',
    );
    await user.type(within(dialog).getByLabelText('Endpoint URL *'), 'https://pms.example/hook');
    for (const label of ['Document added', 'Message posted', 'Records or bills request changed'])
      await user.click(within(dialog).getByLabelText(label));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    const secretDialog = await screen.findByRole('dialog', { name: 'Endpoint registered' });
    expect(within(secretDialog).getByLabelText('Signing secret')).toHaveValue(SECRET);
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      {
        url: 'https://pms.example/hook',
        description: '',
        eventTypes: ['patient.status-changed', 'billing.added'],
      },
    ]);
    await user.click(within(secretDialog).getByRole('button', { name: 'I have stored it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the server’s reason beside the address', async () => {
    renderWithProviders(<WebhooksPanel isAdmin={false} />, {
      session: signedInAs('clinic'),
      api: {
        'GET /webhooks': { items: [] },
        'POST /webhooks': apiError(400, 'VALIDATION_FAILED', 'url: must be an https:// address'),
      },
    });
    const user = userEvent.setup();
    await screen.findByText('No webhook endpoints');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
    await user.type(within(dialog).getByLabelText('Endpoint URL *'), 'http://pms.example/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    await expect
      .poll(() => within(dialog).getByLabelText('Endpoint URL *').getAttribute('aria-invalid'))
      .toBe('true');
  });

  it('pauses, rotates and deletes, the last two only after confirmation', async () => {
    const api = renderPanel('clinic');
    const user = userEvent.setup();
    const card = (await screen.findAllByRole('listitem'))[0]!;
    await user.click(within(card).getByRole('button', { name: 'Pause' }));
    await expect.poll(() => latestToast('success')).toBe('Endpoint paused');

    await user.click(within(card).getByRole('button', { name: 'Rotate secret' }));
    const rotate = await screen.findByRole('alertdialog', { name: 'Rotate the signing secret?' });
    await user.click(within(rotate).getByRole('button', { name: 'Rotate secret' }));
    const shown = await screen.findByRole('dialog', { name: 'New signing secret' });
    expect(within(shown).getByLabelText('Signing secret')).toHaveValue(`${SECRET}2`);
    await user.click(within(shown).getByRole('button', { name: 'I have stored it' }));

    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const remove = await screen.findByRole('alertdialog', { name: 'Delete this endpoint?' });
    await user.click(within(remove).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete endpoint',
      }),
    );
    await expect.poll(() => latestToast('success')).toBe('Endpoint deleted');
    expect(
      api.calls
        .filter((call) => call.method !== 'GET')
        .map((call) => `${call.method} ${call.path}`),
    ).toEqual([
      `PATCH /webhooks/${ENDPOINT.id}`,
      `POST /webhooks/${ENDPOINT.id}/rotate-secret`,
      `DELETE /webhooks/${ENDPOINT.id}`,
    ]);
  });

  it('lists deliveries with their code and answer, and replays one', async () => {
    const api = renderPanel('clinic');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deliveries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries' });
    const table = await within(dialog).findByRole('table');
    const row = (await within(table).findAllByRole('row'))[1]!;
    expect(within(row).getByText('Billing line added')).toBeInTheDocument();
    expect(within(row).getByText('500')).toBeInTheDocument();
    expect(within(row).getByText('6')).toBeInTheDocument();
    expect(
      within(row).getByText('Internal error in the receiver', { selector: 'pre' }),
    ).toBeInTheDocument();
    await user.click(
      within(row).getByRole('button', { name: /^Replay the Billing line added delivery/ }),
    );
    await expect.poll(() => latestToast('success')).toBe('Delivery queued again');
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/webhooks/${ENDPOINT.id}/deliveries/${DELIVERY.id}/replay`,
    ]);
  });
});
