import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorScreen } from './route-error.tsx';

const reload = vi.fn<() => void>();

/** A page whose loader fails as `error`, with the route error screen as its boundary. */
function renderFailingRoute(error: Error) {
  const router = createMemoryRouter([
    {
      path: '/',
      ErrorBoundary: RouteErrorScreen,
      loader: () => {
        throw error;
      },
      Component: () => <p>Page</p>,
    },
  ]);
  return render(<RouterProvider router={router} />);
}

describe('RouteErrorScreen (spec section 2, error fallback screen)', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    reload.mockReset();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it("shows the spec's texts and buttons instead of React Router's developer screen", async () => {
    renderFailingRoute(new Error('boom'));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(
      screen.getByText(
        "We're sorry, but something unexpected happened. Please try refreshing the page or go back to the homepage.",
      ),
    ).toBeVisible();
    for (const name of ['Try Again', 'Reload Page', 'Go Home']) {
      expect(screen.getByRole('button', { name })).toBeVisible();
    }
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads once by itself when a chunk is missing, and not again within the guard', async () => {
    const chunkError = new TypeError(
      'Failed to fetch dynamically imported module: https://app.example/assets/directory-3f2a.js',
    );
    const first = renderFailingRoute(chunkError);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    first.unmount();

    // The reloaded page fails the same way: the chunk is really gone, so the screen shows.
    renderFailingRoute(chunkError);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again for a later deploy, once the guard window has passed', async () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const error = Object.assign(new Error('Loading chunk 7 failed'), { name: 'ChunkLoadError' });
    const first = renderFailingRoute(error);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    first.unmount();

    now.mockReturnValue(1_000_000 + 60_000);
    renderFailingRoute(new TypeError('Importing a module script failed.'));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
  });
});
