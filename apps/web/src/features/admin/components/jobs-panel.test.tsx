import {
  FAILED_JOBS_SHOWN,
  JOB_MESSAGES,
  type TFailedJob,
  type TJobsOverview,
} from '@casebridge/domain/admin/jobs.schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, type FakeRoutes } from '#src/test/fake-api.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { getToasts, latestToast } from '#src/test/toasts.ts';
import { JobsPanel } from './jobs-panel.tsx';

const REASON = 'connect ECONNREFUSED 127.0.0.1:25';
const OLDEST_DUE = '2025-01-01T09:00:00.000Z';
const LAST_SUCCESS = '2025-01-01T08:00:00.000Z';

const FAILED: TFailedJob = {
  id: 12,
  name: 'mail.send',
  attempts: 5,
  lastError: REASON,
  createdAt: '2025-01-01T10:00:00.000Z',
  failedAt: '2025-01-01T11:00:00.000Z',
};

let overview: TJobsOverview;

beforeEach(() => {
  overview = {
    queues: [
      {
        name: 'mail.send',
        queued: 3,
        running: 1,
        failed: 1,
        oldestDueAt: OLDEST_DUE,
        lastSucceededAt: null,
        paused: null,
      },
      {
        name: 'retention.sweep',
        queued: 0,
        running: 0,
        failed: 0,
        oldestDueAt: null,
        lastSucceededAt: LAST_SUCCESS,
        paused: null,
      },
    ],
    failed: [FAILED],
  };
});

const API: FakeRoutes = {
  'GET /admin/jobs': () => overview,
  'POST /admin/jobs/:jobId/retry': ({ params }) => {
    // The server queued it again: the next overview lists it as queued, not failed.
    overview = {
      queues: overview.queues.map((queue) =>
        queue.name === FAILED.name
          ? { ...queue, queued: queue.queued + 1, failed: queue.failed - 1 }
          : queue,
      ),
      failed: overview.failed.filter((job) => String(job.id) !== params.jobId),
    };
    return { id: FAILED.id, name: FAILED.name, status: 'queued' };
  },
};

function renderPanel(api: FakeRoutes = {}) {
  return renderWithProviders(<JobsPanel />, {
    session: signedInAs('admin'),
    api: { ...API, ...api },
  }).api;
}

/** The queue table's cells for one job name, after its row header. */
async function queueCells(name: string) {
  const table = await screen.findByRole('table', { name: 'Job queues by job name' });
  const row = (await within(table).findByRole('rowheader', { name })).closest('tr')!;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

const retryName = 'Retry mail.send #12';

const PAUSE_REASON = 'Restored from the backup of 2025-01-01T09:00:00.000Z';

describe('JobsPanel', () => {
  it('shows a paused queue with why, and resumes it', async () => {
    overview.queues[0] = {
      ...overview.queues[0]!,
      paused: { reason: PAUSE_REASON, pausedAt: '2025-01-01T10:00:00.000Z' },
    };
    const user = userEvent.setup();
    const api = renderPanel({
      'POST /admin/jobs/queues/:name/resume': ({ params }) => {
        overview = {
          ...overview,
          queues: overview.queues.map((queue) =>
            queue.name === params.name ? { ...queue, paused: null } : queue,
          ),
        };
        return { name: params.name, paused: null };
      },
    });
    const notice = await screen.findByRole('region', { name: 'Paused job queues' });
    expect(notice).toHaveTextContent(`Paused: mail.send`);
    expect(notice).toHaveTextContent(PAUSE_REASON);
    await user.click(within(notice).getByRole('button', { name: 'Resume mail.send' }));
    await expect.poll(() => latestToast('success')).toBe(JOB_MESSAGES.resumed('mail.send'));
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/admin/jobs/queues/mail.send/resume',
    ]);
    await expect.poll(() => screen.queryByRole('region', { name: 'Paused job queues' })).toBeNull();
  });

  it('shows each queue with its counts and dates', async () => {
    renderPanel();
    expect(await queueCells('mail.send')).toEqual(['3', '1', '1', formatDateTime(OLDEST_DUE), '—']);
    expect(await queueCells('retention.sweep')).toEqual([
      '0',
      '0',
      '0',
      '—',
      formatDateTime(LAST_SUCCESS),
    ]);
  });

  it('lists a failed job with its attempts and last error', async () => {
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Failed jobs, newest first' });
    const row = (await within(table).findByText(REASON)).closest('tr')!;
    expect(within(row).getByText('5')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: retryName })).toBeEnabled();
  });

  it('says when no job has failed', async () => {
    overview.failed = [];
    renderPanel();
    expect(await screen.findByText('No failed jobs')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();
  });

  it('says when the failed list is cut at the newest ones', async () => {
    overview.failed = Array.from({ length: FAILED_JOBS_SHOWN }, (_, index) => ({
      ...FAILED,
      id: index + 1,
    }));
    renderPanel();
    expect(
      await screen.findByText(`The ${FAILED_JOBS_SHOWN} newest failed jobs`, { exact: false }),
    ).toBeInTheDocument();
  });

  it('retries a failed job, confirms with a toast and refreshes the overview', async () => {
    const user = userEvent.setup();
    const api = renderPanel();
    await user.click(await screen.findByRole('button', { name: retryName }));

    await expect.poll(() => latestToast('success')).toBe(JOB_MESSAGES.retried);
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/admin/jobs/12/retry',
    ]);
    expect(await screen.findByText('No failed jobs')).toBeInTheDocument();
    expect(await queueCells('mail.send')).toEqual(['4', '1', '0', formatDateTime(OLDEST_DUE), '—']);
  });

  it('disables Retry while the request runs', async () => {
    let answer = () => {};
    const user = userEvent.setup();
    renderPanel({
      'POST /admin/jobs/:jobId/retry': () =>
        new Promise((resolve) => {
          answer = () => resolve({ id: FAILED.id, name: FAILED.name, status: 'queued' });
        }),
    });
    await user.click(await screen.findByRole('button', { name: retryName }));
    expect(screen.getByRole('button', { name: retryName })).toBeDisabled();
    answer();
    await expect.poll(() => latestToast('success')).toBe(JOB_MESSAGES.retried);
  });

  it("shows the server's message when the retry is refused", async () => {
    const user = userEvent.setup();
    renderPanel({
      'POST /admin/jobs/:jobId/retry': () => apiError(409, 'CONFLICT', JOB_MESSAGES.notFailed),
    });
    await user.click(await screen.findByRole('button', { name: retryName }));
    await expect.poll(() => latestToast('error')).toBe(JOB_MESSAGES.notFailed);
    expect(getToasts('success')).toEqual([]);
    expect(screen.getByRole('button', { name: retryName })).toBeEnabled();
  });
});
