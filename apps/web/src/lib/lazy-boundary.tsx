import { Suspense, useSyncExternalStore, type ReactNode } from 'react';

// Markup rendered outside the browser (app/server-render.tsx) is taken over by the browser's first
// render (main.tsx hydrates it). A lazy part rendered there in full would show a control that does
// nothing until its code arrives: hydrating keeps the markup of a part still loading and attaches
// no handler to it. So while markup is rendered for hydration, and while the browser hydrates it,
// every lazy part renders its fallback; right after, it renders itself and loads as it always
// does. Everywhere else it renders itself at once.
let deferred = false;
const listeners = new Set<() => void>();

/**
 * Whether lazy parts render their fallback: set for good by the server render, and around the
 * browser's hydration of its markup.
 */
export function deferLazyParts(value: boolean): void {
  deferred = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const isDeferred = () => deferred;

/**
 * A `<Suspense>` for parts loaded on demand (`lazyComponent`): `fallback` while the part's code
 * loads, and also while the page's server markup is being rendered or hydrated (see above).
 */
export function LazyBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  if (useSyncExternalStore(subscribe, isDeferred, isDeferred)) return fallback;
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
