import { SYSTEM_TOOL_MESSAGES } from '@casebridge/domain/admin/system-tools.schemas';
import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Replaceable } from '#src/test/replaceable.tsx';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { SystemToolsPanel } from './system-tools-panel.tsx';

describe('SystemToolsPanel', () => {
  it('says an integration failed its check even when the admin left the tab meanwhile', async () => {
    // The panel logs the failed checks for the admin's console; not this test's output.
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    let answer = () => {};
    renderWithProviders(
      // The Settings tab, which the admin can leave for another while the checks run.
      <Replaceable label="Users tab" after={<p>Users</p>}>
        <SystemToolsPanel />
      </Replaceable>,
      {
        session: signedInAs('admin'),
        api: {
          'GET /admin/tools': { demoDataEnabled: false, mailConfigured: true },
          'POST /admin/health-checks': () =>
            new Promise((resolve) => {
              answer = () =>
                resolve({
                  ranAt: '2026-11-24T08:00:00.000Z',
                  checks: [
                    { id: 'database', status: 'passed', detail: 'ok', durationMs: 3 },
                    { id: 'mail', status: 'failed', detail: 'timeout', durationMs: 5000 },
                  ],
                });
            }),
        },
      },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Run health checks' }));
    await user.click(screen.getByRole('button', { name: 'Users tab' }));
    expect(screen.getByText('Users')).toBeInTheDocument();

    await act(async () => answer());
    await expect.poll(() => latestToast('error')).toBe(SYSTEM_TOOL_MESSAGES.integrationCheckFailed);
    expect(log).toHaveBeenCalledWith('Health checks failed', [
      expect.objectContaining({ id: 'mail', status: 'failed' }),
    ]);
    log.mockRestore();
  });
});
