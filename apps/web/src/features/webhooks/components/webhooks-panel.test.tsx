import {
  ZCreateWebhookEndpoint,
  type TWebhookDelivery,
  type TWebhookEndpoint,
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
const ENDPOINT_TYPES = [
  'patient.status-changed',
  'document.added',
  'billing.added',
  'message.created',
  'request.changed',
  'case.stage-changed',
  'referral.created',
  'referral.responded',
  'visit.recorded',
  'case.update-posted',
  'case.update-requested',
  'settlement.recorded',
  'payoff.proposed',
  'payoff.confirmed',
  'payoff.disputed',
  'case.closed',
] as const;
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

/** The route's own check of the body: a body the server would refuse is refused here too. */
function createEndpoint({ body }: { body: unknown }) {
  const parsed = ZCreateWebhookEndpoint.safeParse(body);
  if (!parsed.success)
    return apiError(400, 'VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'invalid');
  return json({ ...ENDPOINT, ...parsed.data, secret: SECRET }, 201);
}

function renderPanel(role: 'admin' | 'clinic') {
  return renderWithProviders(<WebhooksPanel isAdmin={role === 'admin'} />, {
    session: signedInAs(role),
    api: {
      'GET /webhooks': { items: role === 'admin' ? [ENDPOINT, ALL_PATIENTS] : [ENDPOINT] },
      'GET /organizations': { items: Object.values(DEMO_ORGANIZATIONS) },
      'POST /webhooks': createEndpoint,
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

const posts = (api: { calls: Array<{ method: string; body: unknown }> }) =>
  api.calls.filter((call) => call.method === 'POST').map((call) => call.body);

/** Opens 'Add webhook endpoint' from the panel: the dialog, its address and its submit. */
async function openAddDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
  return {
    dialog,
    address: within(dialog).getByLabelText('Endpoint URL *'),
    submit: () => user.click(within(dialog).getByRole('button', { name: 'Add endpoint' })),
  };
}

/** A panel with no endpoints yet, whose server refuses the first registration with `refusal`. */
function renderRefusing(refusal: Response, isAdmin = false) {
  return renderWithProviders(<WebhooksPanel isAdmin={isAdmin} />, {
    session: signedInAs(isAdmin ? 'admin' : 'clinic'),
    api: {
      'GET /webhooks': { items: [] },
      'GET /organizations': { items: Object.values(DEMO_ORGANIZATIONS) },
      'POST /webhooks': refusal,
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
    const { dialog, address, submit } = await openAddDialog(user);
    expect(within(dialog).queryByLabelText('Patients it hears about')).toBeNull();
    await submit();
    expect(address).toHaveAccessibleDescription('Enter an https:// address');
    await user.type(address, 'https://pms.example/hook');
    for (const label of ['Document added', 'Message posted', 'Records or bills request changed'])
      await user.click(within(dialog).getByLabelText(label));
    await submit();
    const secretDialog = await screen.findByRole('dialog', { name: 'Endpoint registered' });
    expect(within(secretDialog).getByLabelText('Signing secret')).toHaveValue(SECRET);
    // A blank description is no description: sent as null, which the route's schema takes.
    expect(posts(api)).toEqual([
      {
        url: 'https://pms.example/hook',
        description: null,
        eventTypes: [
          'patient.status-changed',
          'billing.added',
          'case.stage-changed',
          'referral.created',
          'referral.responded',
          'visit.recorded',
          'case.update-posted',
          'case.update-requested',
          'settlement.recorded',
          'payoff.proposed',
          'payoff.confirmed',
          'payoff.disputed',
          'case.closed',
        ],
      },
    ]);
    await user.click(within(secretDialog).getByRole('button', { name: 'I have stored it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('checks the address and the event types at their fields, sending nothing', async () => {
    const api = renderPanel('clinic');
    const user = userEvent.setup();
    const { dialog, address, submit } = await openAddDialog(user);
    const types = within(dialog).getByRole('group', { name: 'Event types' });
    await user.type(address, 'https://');
    for (const checkbox of within(types).getAllByRole('checkbox')) await user.click(checkbox);
    await submit();
    expect(address).toHaveAccessibleDescription('Enter an https:// address');
    expect(address).toHaveFocus();
    expect(types).toHaveAccessibleDescription('Choose at least one event type');
    expect(types).toHaveAttribute('aria-invalid', 'true');
    expect(posts(api)).toEqual([]);
    // Ticking a type answers its error at once; the address stays as typed.
    await user.click(within(types).getByLabelText('Document added'));
    expect(types).not.toHaveAccessibleDescription();
    expect(address).toHaveValue('https://');
  });

  it("sends an admin's choice of organisation, or null for all patients", async () => {
    const api = renderPanel('admin');
    const user = userEvent.setup();
    let { dialog, address, submit } = await openAddDialog(user);
    await user.type(address, 'https://pms.example/hook');
    await user.type(within(dialog).getByLabelText('Description'), '  Harbor sync  ');
    const scope = within(dialog).getByLabelText('Patients it hears about');
    await within(scope).findByRole('option', {
      name: `${DEMO_ORGANIZATIONS.clinic.name} (Clinic)`,
    });
    await user.selectOptions(scope, DEMO_ORGANIZATIONS.clinic.id);
    await submit();
    const stored = async () =>
      user.click(
        within(await screen.findByRole('dialog', { name: 'Endpoint registered' })).getByRole(
          'button',
          { name: 'I have stored it' },
        ),
      );
    await stored();

    ({ address, submit } = await openAddDialog(user));
    await user.type(address, 'https://warehouse.example/in');
    await submit();
    await stored();
    expect(posts(api)).toEqual([
      {
        url: 'https://pms.example/hook',
        description: 'Harbor sync',
        eventTypes: [...ENDPOINT_TYPES],
        organizationId: DEMO_ORGANIZATIONS.clinic.id,
      },
      {
        url: 'https://warehouse.example/in',
        description: null,
        eventTypes: [...ENDPOINT_TYPES],
        organizationId: null,
      },
    ]);
  });

  it('shows the server’s reason beside the address, keeping what was typed', async () => {
    renderRefusing(apiError(400, 'VALIDATION_FAILED', 'url: must be an https:// address'));
    const user = userEvent.setup();
    const { dialog, address, submit } = await openAddDialog(user);
    await user.type(address, 'http://pms.example/hook');
    await user.type(within(dialog).getByLabelText('Description'), 'Practice system');
    await submit();
    await expect.poll(() => address.getAttribute('aria-invalid')).toBe('true');
    expect(address).toHaveAccessibleDescription('url: must be an https:// address');
    expect(address).toHaveValue('http://pms.example/hook');
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Practice system');
  });

  it('puts a refusal the server names by field under that field, another above the buttons', async () => {
    const detail = {
      field: 'eventTypes[0]',
      location: 'body',
      message: 'must be one of the webhook event types',
    };
    const api = renderRefusing(
      json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: `${detail.field}: ${detail.message}`,
            details: [detail],
          },
        },
        400,
      ),
      true,
    );
    const user = userEvent.setup();
    const { dialog, address, submit } = await openAddDialog(user);
    await user.type(address, 'https://pms.example/hook');
    await submit();
    const types = within(dialog).getByRole('group', { name: 'Event types' });
    await expect.poll(() => types.getAttribute('aria-describedby')).toBe('webhook-types-error');
    expect(types).toHaveAccessibleDescription(detail.message);

    api.use({
      'POST /webhooks': apiError(400, 'VALIDATION_FAILED', 'organizationId: no such organisation'),
    });
    await submit();
    const scope = within(dialog).getByLabelText('Patients it hears about');
    await expect.poll(() => scope.getAttribute('aria-invalid')).toBe('true');
    expect(scope).toHaveAccessibleDescription('organizationId: no such organisation');

    api.use({ 'POST /webhooks': apiError(409, 'CONFLICT', 'Too many endpoints') });
    await submit();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many endpoints');
    expect(address).toHaveValue('https://pms.example/hook');
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
