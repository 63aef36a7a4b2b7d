import {
  ACCESS_REQUEST_MESSAGES,
  type TAccessRequest,
} from '@casebridge/domain/access-requests/access-request-review.schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { AccessRequestsSection } from './access-requests-section.tsx';

const RITA: TAccessRequest = {
  id: '66666666-6666-4666-8666-666666666666',
  name: 'Rita Requester',
  email: 'rita@requests.example',
  organization: 'Summit Spine',
  phone: '555-0142',
  role: 'other',
  status: 'pending',
  createdAt: '2026-01-01T00:00:00.000Z',
  reviewedAt: null,
  reviewedByName: null,
};

describe('AccessRequestsSection', () => {
  it('asks before rejecting, naming the request; only the confirmation rejects', async () => {
    const { api } = renderWithProviders(<AccessRequestsSection />, {
      session: signedInAs('admin'),
      api: {
        'GET /access-requests': { items: [RITA] },
        'POST /access-requests/:id/reject': undefined,
      },
    });
    const rejects = () => api.calls.filter((call) => call.path.endsWith('/reject'));
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Reject request from Rita Requester' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Reject access request?' });
    expect(confirm).toHaveTextContent('Rita Requester (rita@requests.example)');
    expect(confirm).toHaveTextContent('"Summit Spine"');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(rejects()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Reject request from Rita Requester' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reject' }),
    );
    await expect.poll(() => latestToast('success')).toBe(ACCESS_REQUEST_MESSAGES.rejected);
    expect(rejects().map((call) => call.path)).toEqual([`/access-requests/${RITA.id}/reject`]);
  });
});
