import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeRoutes } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { AuditChainCheck } from './audit-chain-check.tsx';

function renderCheck(api: FakeRoutes) {
  return renderWithProviders(<AuditChainCheck />, { session: signedInAs('admin'), api }).api;
}

describe('AuditChainCheck', () => {
  it('verifies from the keyboard and says the chain is intact with its count', async () => {
    const user = userEvent.setup();
    const api = renderCheck({
      'POST /admin/audit/verify': { intact: true, rows: 1234, brokenAtId: null },
    });
    expect(screen.getByRole('status')).toHaveTextContent('');
    screen.getByRole('button', { name: 'Verify audit chain' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Audit chain intact: 1234 rows');
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /admin/audit/verify',
    ]);
  });

  it('names the first broken row', async () => {
    const user = userEvent.setup();
    renderCheck({ 'POST /admin/audit/verify': { intact: false, rows: 41, brokenAtId: 42 } });
    await user.click(screen.getByRole('button', { name: 'Verify audit chain' }));
    await expect
      .poll(() => screen.getByRole('status').textContent)
      .toBe('Audit chain broken at row #42');
  });

  it("shows the server's message when the check is refused", async () => {
    const user = userEvent.setup();
    renderCheck({
      'POST /admin/audit/verify': () => apiError(403, 'FORBIDDEN', 'You do not have access'),
    });
    await user.click(screen.getByRole('button', { name: 'Verify audit chain' }));
    await expect.poll(() => latestToast('error')).toBe('You do not have access');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
