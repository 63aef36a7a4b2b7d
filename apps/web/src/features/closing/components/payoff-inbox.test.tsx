import { CLOSING_TEXTS } from '@casebridge/domain/closing/closing-constants';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeRoutes } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { PATIENT, PROPOSED } from './closing-test-data.ts';
import { PayoffInbox } from './payoff-inbox.tsx';

const renderInbox = (answer: FakeRoutes[string]) =>
  renderWithProviders(<PayoffInbox />, {
    session: signedInAs('lienholder'),
    api: { 'GET /payoffs/inbox': answer },
  });

describe('PayoffInbox', () => {
  it('lists each payoff awaiting the lienholder, linked to the patient’s Billing tab', async () => {
    renderInbox({ items: [{ ...PROPOSED, patientName: PATIENT.fullName }] });
    const inbox = await screen.findByRole('region', { name: CLOSING_TEXTS.inboxTitle });
    const link = await within(inbox).findByRole('link', { name: PATIENT.fullName });
    expect(link).toHaveAttribute('href', `/patients/${PATIENT.id}?tab=billing`);
    expect(within(inbox).getByText(/\$1,500\.00 from Morgan Hale/)).toBeInTheDocument();
  });

  it('says when nothing awaits an answer', async () => {
    renderInbox({ items: [] });
    expect(await screen.findByText(CLOSING_TEXTS.inboxEmpty)).toBeInTheDocument();
  });

  it('says so when the inbox cannot be loaded', async () => {
    renderInbox(apiError(500, 'INTERNAL', 'Database unavailable'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
  });
});
