import type { TActivityItem, TActivityPage } from '@casebridge/domain/activity/activity.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeRequest } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { ACTIVITY_TEXTS, ActivityTab } from './activity-tab.tsx';

const PATIENT_ID = '77777777-7777-4777-8777-777777777777';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const item = (id: string, overrides: Partial<TActivityItem>): TActivityItem => ({
  id,
  kind: 'status_changed',
  recordId: null,
  summary: `Item ${id}`,
  actorName: 'Casey Harbor',
  actorRole: 'clinic',
  occurredAt: minutesAgo(5),
  ...overrides,
});

const FIRST_PAGE: TActivityPage = {
  items: [
    item('9', {
      kind: 'document',
      recordId: 'd1',
      summary: 'Document uploaded: lumbar-mri.pdf (MRI)',
      occurredAt: minutesAgo(3),
    }),
    item('8', { summary: 'Status changed from Referred to Evaluated', occurredAt: minutesAgo(90) }),
    item('7', { kind: 'gap_opened', summary: 'Gap: 17 days', actorName: null, actorRole: null }),
  ],
  nextCursor: '7',
};
const SECOND_PAGE: TActivityPage = {
  items: [
    item('6', { kind: 'message', summary: 'Message sent', actorRole: 'attorney' }),
    item('5', { kind: 'payment', summary: 'Payment recorded', actorRole: 'lienholder' }),
  ],
  nextCursor: null,
};

function renderFeed(answer: TActivityPage | Response | ((request: FakeRequest) => unknown)) {
  return renderWithProviders(<ActivityTab patient={{ id: PATIENT_ID }} />, {
    session: signedInAs('attorney'),
    api: { [`GET /patients/${PATIENT_ID}/activity`]: answer },
  });
}

describe('ActivityTab', () => {
  it('lists each item with its kind, summary, who and when, linking to its tab', async () => {
    renderFeed(FIRST_PAGE);
    const list = await screen.findByRole('list', { name: 'Patient activity, newest first' });
    const entries = within(list).getAllByRole('listitem');
    expect(entries).toHaveLength(3);
    expect(entries[0]).toHaveTextContent('Document');
    expect(entries[0]).toHaveTextContent('3m ago');
    expect(entries[0]).toHaveTextContent('By Casey Harbor (Clinic)');
    expect(
      within(entries[0]!).getByRole('heading', { name: 'Document uploaded: lumbar-mri.pdf (MRI)' }),
    ).toBeVisible();
    expect(
      within(entries[0]!).getByRole('link', {
        name: 'Open in Documents: Document uploaded: lumbar-mri.pdf (MRI)',
      }),
    ).toHaveAttribute('href', `/patients/${PATIENT_ID}?tab=documents`);
    expect(entries[1]).toHaveTextContent('1h ago');
    expect(within(entries[1]!).getByRole('link')).toHaveAttribute(
      'href',
      `/patients/${PATIENT_ID}`,
    );
    expect(entries[2]).toHaveTextContent('Treatment gap');
    expect(entries[2]).toHaveTextContent('By CaseBridge');
  });

  it('loads older items on demand with the last item as the cursor', async () => {
    const { api } = renderFeed((request) =>
      request.query.get('cursor') === '7' ? SECOND_PAGE : FIRST_PAGE,
    );
    await userEvent.click(await screen.findByRole('button', { name: ACTIVITY_TEXTS.loadMore }));
    expect(await screen.findByText('Message sent')).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    // A lien's payments and reductions are shown on the Billing tab.
    expect(
      screen.getByRole('link', { name: /^Open in Billing: Payment recorded/ }),
    ).toHaveAttribute('href', `/patients/${PATIENT_ID}?tab=billing`);
    expect(api.calls.at(-1)?.query.get('cursor')).toBe('7');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: ACTIVITY_TEXTS.loadMore })).toBeNull(),
    );
  });

  it('says when there is nothing yet, and when the feed could not be loaded', async () => {
    const { unmount } = renderFeed({ items: [], nextCursor: null });
    expect(await screen.findByText(ACTIVITY_TEXTS.empty)).toBeVisible();
    unmount();
    renderFeed(apiError(500, 'INTERNAL', 'Something went wrong'));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACTIVITY_TEXTS.loadFailed);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
