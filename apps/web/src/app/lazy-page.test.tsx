import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorScreen } from '#src/components/route-error.tsx';
import { page } from './lazy-page.tsx';

function Shell() {
  return (
    <>
      <header>CaseBridge header</header>
      <Outlet />
    </>
  );
}

function DirectoryPage() {
  return <h1>Directory</h1>;
}

/** The shape of router.tsx: a layout, and a page whose chunk is fetched on demand. */
function renderApp(load: () => Promise<{ DirectoryPage: typeof DirectoryPage }>) {
  const router = createMemoryRouter(
    [
      {
        ErrorBoundary: RouteErrorScreen,
        element: <Shell />,
        children: [{ path: '/directory', ...page(load, (m) => m.DirectoryPage) }],
      },
    ],
    { initialEntries: ['/directory'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('a page loaded on demand (app/lazy-page)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the spec screen inside the layout when its code cannot be fetched', async () => {
    renderApp(() => Promise.reject(new Error('Network request failed')));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(screen.getByText('CaseBridge header')).toBeInTheDocument();
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
  });

  it('fetches the code again on Try Again and shows the page once it arrives', async () => {
    const load = vi
      .fn<() => Promise<{ DirectoryPage: typeof DirectoryPage }>>()
      .mockRejectedValueOnce(new Error('Network request failed'))
      .mockResolvedValue({ DirectoryPage });
    renderApp(load);
    await screen.findByRole('heading', { name: 'Something went wrong' });

    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('heading', { name: 'Directory' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows the screen again when the retry fails too', async () => {
    const load = vi.fn<() => Promise<never>>(() =>
      Promise.reject(new Error('Network request failed')),
    );
    renderApp(load);
    await screen.findByRole('heading', { name: 'Something went wrong' });

    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));

    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  });
});
