import type {
  TAccessGrant,
  TAccessGrantCandidate,
} from '@casebridge/domain/access-grants/access-grant.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { TemporaryAccess } from './temporary-access.tsx';

const PATIENT = '99999999-9999-4999-8999-999999999999';
const grant = (overrides: Partial<TAccessGrant> = {}): TAccessGrant => ({
  id: 'g-1',
  patientId: PATIENT,
  userId: 'u-summit',
  userName: 'Sam Summit',
  userRole: 'clinic',
  organizationName: 'Summit Spine & Pain Center',
  reason: 'Covering during the closure',
  expiresAt: '2099-03-02T10:00:00.000Z',
  grantedByName: 'Avery Admin',
  createdAt: '2026-03-02T09:00:00.000Z',
  ...overrides,
});
const CANDIDATE: TAccessGrantCandidate = {
  id: 'u-castillo',
  name: 'Lucia Castillo',
  email: 'attorney2@demo.test',
  role: 'attorney',
  organizationName: 'Castillo Legal Group',
};

/** A fake server holding the patient's grants: granting adds one, revoking removes it. */
function renderPanel(role: 'admin' | 'clinic', items: TAccessGrant[], userId?: string) {
  let grants = [...items];
  const requests: unknown[] = [];
  const view = renderWithProviders(
    <TemporaryAccess patientId={PATIENT} patientName="James Whitfield" />,
    {
      session: signedInAs(role, userId ? { user: { id: userId } } : {}),
      api: {
        'GET /patients/:patientId/access-grants': () => ({ items: grants }),
        'GET /patients/:patientId/access-grants/candidates': () => ({ items: [CANDIDATE] }),
        'POST /patients/:patientId/access-grants': ({ body }) => {
          requests.push(body);
          const created = grant({ id: 'g-2', userId: CANDIDATE.id, userName: CANDIDATE.name });
          grants = [...grants, created];
          return created;
        },
        'POST /patients/:patientId/access-grants/:grantId/revoke': ({ params }) => {
          grants = grants.filter((item) => item.id !== params.grantId);
          return undefined;
        },
      },
    },
  );
  return { ...view, requests };
}

const panel = () => screen.getByRole('region', { name: 'Temporary access' });

describe('TemporaryAccess', () => {
  it("shows a party the patient's active grants: who, until when, why, granted by", async () => {
    renderPanel('clinic', [grant()]);
    await screen.findByText('Sam Summit');
    expect(within(panel()).getByText(/Summit Spine & Pain Center/)).toBeInTheDocument();
    expect(within(panel()).getByText('Reason: Covering during the closure')).toBeInTheDocument();
    expect(within(panel()).getByText(/granted by Avery Admin/)).toBeInTheDocument();
    expect(within(panel()).queryByRole('button')).toBeNull();
  });

  it('shows a party nothing when nobody has temporary access', async () => {
    const { queryClient } = renderPanel('clinic', []);
    await waitFor(() =>
      expect(queryClient.getQueryState(['access-grants', PATIENT])?.status).toBe('success'),
    );
    expect(screen.queryByRole('region', { name: 'Temporary access' })).toBeNull();
  });

  it('shows the grantee a banner with the end and the reason instead of the panel', async () => {
    renderPanel('clinic', [grant()], 'u-summit');
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('You have temporary access to this patient until');
    expect(banner).toHaveTextContent('(Covering during the closure)');
    expect(screen.queryByRole('region', { name: 'Temporary access' })).toBeNull();
  });

  it('lets an admin grant access with a user, a duration and a reason', async () => {
    const user = userEvent.setup();
    const { requests } = renderPanel('admin', []);
    await user.click(await screen.findByRole('button', { name: 'Grant access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant temporary access' });
    await user.click(within(dialog).getByRole('button', { name: 'Grant access' }));
    expect(await within(dialog).findByText('Choose the user who needs access')).toBeInTheDocument();
    expect(within(dialog).getByText('Please give a reason')).toBeInTheDocument();
    expect(requests).toEqual([]);

    await within(dialog).findByRole('option', { name: /Lucia Castillo/ });
    await user.selectOptions(within(dialog).getByLabelText(/User/), 'u-castillo');
    await user.selectOptions(within(dialog).getByLabelText(/Duration/), '8');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Substitute attorney');
    await user.click(within(dialog).getByRole('button', { name: 'Grant access' }));
    await within(panel()).findByText('Lucia Castillo');
    expect(requests).toEqual([
      { userId: 'u-castillo', durationHours: 8, reason: 'Substitute attorney' },
    ]);
    expect(latestToast('success')).toBe('Temporary access granted');
  });

  it('lets an admin revoke a grant after confirming', async () => {
    const user = userEvent.setup();
    renderPanel('admin', [grant()]);
    await user.click(await screen.findByRole('button', { name: "Revoke Sam Summit's access" }));
    const question = await screen.findByRole('alertdialog', { name: 'Revoke temporary access' });
    expect(question).toHaveTextContent("End Sam Summit's access to James Whitfield now?");
    await user.click(within(question).getByRole('button', { name: 'Revoke' }));
    expect(
      await within(panel()).findByText('Nobody outside the care team has access.'),
    ).toBeInTheDocument();
    expect(latestToast('success')).toBe('Temporary access revoked');
  });
});
