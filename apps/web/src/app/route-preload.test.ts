import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { linkPathOf, preloadOnLinkIntent, preloadRoute } from './route-preload.ts';

/** A layout and two pages, each loaded on demand, like router.tsx. */
function makeRoutes() {
  const shell = vi.fn<() => Promise<object>>(() => Promise.resolve({}));
  const clinic = vi.fn<() => Promise<object>>(() => Promise.resolve({}));
  const directory = vi.fn<() => Promise<object>>(() => Promise.resolve({}));
  const routes: RouteObject[] = [
    { path: '/login' },
    {
      lazy: shell,
      children: [
        { path: '/dashboard/clinic', lazy: clinic },
        { path: '/directory', lazy: directory },
      ],
    },
  ];
  return { routes, shell, clinic, directory };
}

function addLink(href: string, attributes: Record<string, string> = {}) {
  const link = document.createElement('a');
  link.href = href;
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  const label = document.createElement('span');
  label.textContent = 'Open';
  link.append(label);
  document.body.append(link);
  return { link, label };
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('route preloading', () => {
  it('loads the chunks of a page and its layout, and nothing for an unknown path', () => {
    const { routes, shell, clinic, directory } = makeRoutes();
    preloadRoute(routes, '/dashboard/clinic');
    expect(shell).toHaveBeenCalledOnce();
    expect(clinic).toHaveBeenCalledOnce();
    expect(directory).not.toHaveBeenCalled();
    preloadRoute(routes, '/no-such-page');
    expect(shell).toHaveBeenCalledOnce();
  });

  it('does not report a failed download: the router retries when the page is opened', async () => {
    const failing = vi.fn<() => Promise<object>>(() => Promise.reject(new Error('offline')));
    const unhandled = vi.fn<(reason: unknown) => void>();
    process.on('unhandledRejection', unhandled);
    try {
      preloadRoute([{ path: '/x', lazy: failing }], '/x');
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(failing).toHaveBeenCalledOnce();
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('reads the same-origin path of the link around an element, not downloads or other sites', () => {
    const origin = window.location.origin;
    expect(linkPathOf(addLink('/directory?q=1').label, origin)).toBe('/directory');
    expect(linkPathOf(addLink('https://example.org/directory').label, origin)).toBeNull();
    expect(linkPathOf(addLink('/api/x', { download: 'x.pdf' }).label, origin)).toBeNull();
    expect(linkPathOf(document.body, origin)).toBeNull();
    expect(linkPathOf(null, origin)).toBeNull();
  });

  it("preloads a link's page once when it is hovered or focused, until stopped", () => {
    const { routes, clinic, directory } = makeRoutes();
    const stop = preloadOnLinkIntent(routes);
    const { link, label } = addLink('/dashboard/clinic');
    label.dispatchEvent(new Event('pointerover', { bubbles: true }));
    link.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(clinic).toHaveBeenCalledOnce();
    stop();
    addLink('/directory').link.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(directory).not.toHaveBeenCalled();
  });
});
