import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useEventStream } from './event-stream.ts';

/** Stands in for the browser's EventSource: tests dispatch the server's messages by name. */
class FakeEventSource extends EventTarget {
  static last: FakeEventSource | null = null;
  isClosed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.last = this;
  }
  close() {
    this.isClosed = true;
  }
}

function renderStream() {
  const client = new QueryClient();
  client.setQueryData(['session'], { user: 'me' });
  client.setQueryData(['patients', 'list'], []);
  client.setQueryData(['notifications', 'page'], []);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  renderHook(() => useEventStream(true), { wrapper });
  return { client, source: FakeEventSource.last! };
}

const isInvalidated = (client: QueryClient, key: string[]) =>
  client.getQueryState(key)?.isInvalidated;

describe('useEventStream', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refetches everything but the session when the server asks for a resync', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { client, source } = renderStream();
    source.dispatchEvent(new Event('open'));
    expect(isInvalidated(client, ['patients', 'list'])).toBe(false);

    source.dispatchEvent(new MessageEvent('resync', { data: '{}' }));
    expect(isInvalidated(client, ['patients', 'list'])).toBe(true);
    expect(isInvalidated(client, ['notifications', 'page'])).toBe(true);
    expect(isInvalidated(client, ['session'])).toBe(false);
  });

  it('closes the stream and rechecks the session when the session ends', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { client, source } = renderStream();
    source.dispatchEvent(new MessageEvent('session-ended', { data: '{}' }));
    expect(source.isClosed).toBe(true);
    expect(isInvalidated(client, ['session'])).toBe(true);
    expect(isInvalidated(client, ['patients', 'list'])).toBe(false);
  });
});
