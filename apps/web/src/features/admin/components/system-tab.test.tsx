import type { TSystemOverview } from '@casebridge/domain/admin/system.schemas';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeHandler } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { SYSTEM_REFETCH_MS } from '#src/features/admin/api/system-api.ts';
import { SystemTab } from './system-tab.tsx';

const CHECKED_AT = '2026-12-03T10:00:30.000Z';

const instance = (id: string, version: string, isCurrent: boolean) => ({
  id,
  hostname: `${id}.internal`,
  pid: 4100,
  version,
  commit: 'abcdef123456',
  startedAt: '2026-12-03T09:00:00.000Z',
  lastSeenAt: '2026-12-03T10:00:20.000Z',
  isCurrent,
});

let overview: TSystemOverview;

beforeEach(() => {
  overview = {
    checkedAt: CHECKED_AT,
    health: {
      status: 'degraded',
      checks: [
        { name: 'database', status: 'ok', message: 'Answers' },
        {
          name: 'storage',
          status: 'unavailable',
          message: 'Does not answer: documents cannot be uploaded or read (timed out)',
        },
        { name: 'redis', status: 'not_configured', message: 'Not configured' },
      ],
    },
    build: { version: '1.4.0', commit: 'abcdef123456' },
    migrations: {
      applied: 27,
      known: 26,
      latest: { tag: null, createdAt: '2026-12-03T09:30:00.000Z' },
      pending: [],
      unknown: [{ tag: null, createdAt: '2026-12-03T09:30:00.000Z' }],
    },
    instances: [instance('app-1', '1.4.0', true), instance('app-2', '1.5.0', false)],
    queues: [
      {
        name: 'mail.send',
        queued: 2,
        running: 0,
        failed: 1,
        oldestDueAt: null,
        lastSucceededAt: null,
        paused: null,
      },
    ],
  };
});

function renderTab(answer: FakeHandler = () => overview) {
  return renderWithProviders(<SystemTab />, {
    session: signedInAs('admin'),
    api: { 'GET /admin/system': answer },
  }).api;
}

const rowOf = async (table: string, header: RegExp | string) => {
  const scope = await screen.findByRole('table', { name: table });
  return within(within(scope).getByRole('rowheader', { name: header }).closest('tr')!);
};

afterEach(() => {
  vi.useRealTimers();
});

describe('SystemTab', () => {
  it('shows each dependency, the build, the migrations, the instances and the queues', async () => {
    renderTab();
    expect(screen.getByRole('heading', { name: 'System', level: 2 })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Health', level: 3 });
    for (const name of ['Health', 'Version and migrations', 'Instances', 'Job queues'])
      expect(screen.getByRole('heading', { name, level: 3 })).toBeInTheDocument();

    const dependencies = 'Dependencies of this instance and their state';
    const storage = await rowOf(dependencies, 'File store');
    // The state in words, not only in colour.
    expect(storage.getByText('Unavailable')).toBeInTheDocument();
    expect(storage.getByText(/cannot be uploaded or read \(timed out\)/)).toBeInTheDocument();
    expect((await rowOf(dependencies, 'Database')).getByText('OK')).toBeInTheDocument();
    expect(screen.getByText('Degraded')).toBeInTheDocument();

    expect(screen.getByText('Version', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      '1.4.0',
    );
    expect(screen.getByText('27 (this version knows 26)')).toBeInTheDocument();
    const newer = screen.getByRole('region', { name: 'Applied by a newer version' });
    expect(newer).toHaveTextContent('unknown to this instance');

    const instances = 'Instances seen in the last 60 seconds';
    const current = await rowOf(instances, /app-1\.internal, pid 4100/);
    expect(current.getByText('this instance')).toBeInTheDocument();
    expect(current.getByText('10 s ago')).toBeInTheDocument();
    expect((await rowOf(instances, /app-2\.internal/)).queryByText('this instance')).toBeNull();
    expect(screen.getByText(/Mixed versions/).parentElement).toHaveTextContent(
      'the instances run 1.4.0 (abcdef123456), 1.5.0 (abcdef123456).',
    );

    const queue = await rowOf('Job queues by job name', 'mail.send');
    expect(queue.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '2',
      '0',
      '1',
      '—',
      '—',
    ]);
  });

  it('says so when the status cannot be read, and Refresh reads it again', async () => {
    let isDown = true;
    const user = userEvent.setup();
    renderTab(() => (isDown ? apiError(500, 'INTERNAL', 'Something went wrong') : overview));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load the system status: Something went wrong',
    );
    expect(screen.queryByRole('heading', { name: 'Health' })).toBeNull();

    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('heading', { name: 'Health' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reads the status again on Refresh and shows what changed', async () => {
    const user = userEvent.setup();
    const api = renderTab(() => overview);
    await screen.findByRole('heading', { name: 'Health' });
    overview = { ...overview, instances: [instance('app-3', '1.5.0', true)] };

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText(/app-3\.internal/)).toBeInTheDocument();
    expect(screen.queryByText(/app-1\.internal/)).toBeNull();
    expect(screen.queryByText(/Mixed versions/)).toBeNull();
    expect(api.calls.filter((call) => call.path === '/admin/system')).toHaveLength(2);
  });

  it('reads the status again by itself every 15 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = renderTab(() => overview);
    await screen.findByRole('heading', { name: 'Health' });
    overview = { ...overview, build: { version: '1.5.0', commit: null } };
    await act(() => vi.advanceTimersByTimeAsync(SYSTEM_REFETCH_MS));
    expect(await screen.findByText('Not known (not built from a repository)')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === '/admin/system')).toHaveLength(2);
  });

  it('keeps the last state on screen when a refresh fails, and says so', async () => {
    const user = userEvent.setup();
    let isDown = false;
    renderTab(() => (isDown ? apiError(503, 'UNAVAILABLE', 'The server is restarting') : overview));
    await screen.findByRole('heading', { name: 'Health' });
    isDown = true;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not refresh the system status: The server is restarting',
    );
    expect(screen.getByRole('heading', { name: 'Instances' })).toBeInTheDocument();
  });
});
