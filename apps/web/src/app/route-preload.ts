import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Starts downloading the chunks of the page at `pathname` (and of its layouts) before the router
 * needs them: the router's own `lazy` call then finds the module already loaded, so following a
 * link shows the next page without waiting for the network. Unknown paths do nothing; a failed
 * download is left for the router to retry and report when the page is actually opened.
 */
export function preloadRoute(routes: RouteObject[], pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const { lazy } = match.route;
    if (typeof lazy === 'function') void Promise.resolve(lazy()).catch(() => undefined);
  }
}

/** The same-origin path an element inside a link points to, else null. */
export function linkPathOf(target: EventTarget | null, origin: string): string | null {
  if (!(target instanceof Element)) return null;
  const anchor = target.closest('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, origin);
  return url.origin === origin ? url.pathname : null;
}

/**
 * Preloads a page's chunks as soon as a link to it is hovered or focused, which is usually 100 ms
 * or more before the click. One listener on the document covers every link, now and later.
 * Returns the function that removes the listeners.
 */
export function preloadOnLinkIntent(routes: RouteObject[], doc: Document = document): () => void {
  const seen = new Set<string>();
  const onIntent = (event: Event) => {
    const pathname = linkPathOf(event.target, doc.location.origin);
    if (pathname === null || seen.has(pathname)) return;
    seen.add(pathname);
    preloadRoute(routes, pathname);
  };
  doc.addEventListener('pointerover', onIntent, { passive: true });
  doc.addEventListener('focusin', onIntent);
  return () => {
    doc.removeEventListener('pointerover', onIntent);
    doc.removeEventListener('focusin', onIntent);
  };
}
