import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, renderWithProviders } from '#src/test/render.tsx';
import { act, screen } from '@testing-library/react';
import {
  RECONNECT_DELAYS_MS,
  RECONNECTING_NOTICE_AFTER_MS,
  useEventStream,
} from './event-stream.ts';

/** Stands in for the browser's EventSource: tests dispatch the server's messages by name. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.all.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The connection is up. */
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  /** The connection dropped: the browser retries by itself. */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event('error'));
  }
  /** An error answer (503, 502): the browser gives up for good. */
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }
  send(name: string) {
    this.dispatchEvent(new MessageEvent(name, { data: '{}' }));
  }
}

const latestSource = () => FakeEventSource.all.at(-1)!;

function SignedInTab() {
  useEventStream(true);
  return null;
}

function renderStream() {
  const client = createTestQueryClient();
  client.setQueryData(['session'], { user: 'me' });
  client.setQueryData(['patients', 'list'], []);
  client.setQueryData(['notifications', 'page'], []);
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const { unmount } = renderWithProviders(<SignedInTab />, { queryClient: client });
  return { client, invalidate, unmount, source: latestSource() };
}

const isInvalidated = (client: QueryClient, key: string[]) =>
  client.getQueryState(key)?.isInvalidated;

/** Everything the page shows was marked stale, and the session was left alone. */
function expectEverythingButSessionInvalidated(client: QueryClient) {
  expect(isInvalidated(client, ['patients', 'list'])).toBe(true);
  expect(isInvalidated(client, ['notifications', 'page'])).toBe(true);
  expect(isInvalidated(client, ['session'])).toBe(false);
}

describe('useEventStream', () => {
  beforeEach(() => {
    FakeEventSource.all = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens one stream and does not refetch on its first open', () => {
    const { client, invalidate } = renderStream();
    latestSource().open();
    expect(FakeEventSource.all).toHaveLength(1);
    expect(invalidate).not.toHaveBeenCalled();
    expect(isInvalidated(client, ['patients', 'list'])).toBe(false);
  });

  it('refetches everything but the session exactly once when the stream reopens after an error', () => {
    const { client, invalidate, source } = renderStream();
    source.open();
    source.drop();
    expect(invalidate).not.toHaveBeenCalled();
    source.open();
    expect(invalidate).toHaveBeenCalledTimes(1);
    expectEverythingButSessionInvalidated(client);
    // A later open with no error in between has nothing new to catch up on.
    source.open();
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('refetches everything but the session when the server asks for a resync', () => {
    const { client, invalidate, source } = renderStream();
    source.open();
    source.send('resync');
    expect(invalidate).toHaveBeenCalledTimes(1);
    expectEverythingButSessionInvalidated(client);
  });

  it('refetches once when a resync follows the reopen, and again for a later resync', async () => {
    const { invalidate, source } = renderStream();
    source.open();
    source.drop();
    source.open();
    source.send('resync');
    expect(invalidate).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => {
      source.send('resync');
      expect(invalidate).toHaveBeenCalledTimes(2);
    });
  });

  it('reopens a stream the browser gave up on, with backoff, and then refetches once', () => {
    vi.useFakeTimers();
    const { client, invalidate, source } = renderStream();
    source.open();
    source.fail();
    vi.advanceTimersByTime(RECONNECT_DELAYS_MS[0] * 1.5);
    expect(FakeEventSource.all).toHaveLength(2);
    // The server is still down: the next wait is longer.
    latestSource().fail();
    vi.advanceTimersByTime(RECONNECT_DELAYS_MS[0] * 1.5);
    expect(FakeEventSource.all).toHaveLength(2);
    vi.advanceTimersByTime(RECONNECT_DELAYS_MS[1] * 1.5);
    expect(FakeEventSource.all).toHaveLength(3);
    expect(invalidate).not.toHaveBeenCalled();
    latestSource().open();
    expect(invalidate).toHaveBeenCalledTimes(1);
    expectEverythingButSessionInvalidated(client);
    expect(FakeEventSource.all.filter((item) => item.readyState !== 2)).toHaveLength(1);
  });

  it('reports reconnecting only once the stream has been down for a moment, and live again after', () => {
    vi.useFakeTimers();
    function StatusTab() {
      return <p>{useEventStream(true)}</p>;
    }
    renderWithProviders(<StatusTab />, { queryClient: createTestQueryClient() });
    const source = latestSource();
    act(() => source.open());
    expect(screen.getByText('live')).toBeInTheDocument();
    // A drop the browser mends at once is not worth a notice.
    act(() => source.drop());
    act(() => vi.advanceTimersByTime(RECONNECTING_NOTICE_AFTER_MS - 100));
    act(() => source.open());
    act(() => vi.advanceTimersByTime(RECONNECTING_NOTICE_AFTER_MS));
    expect(screen.getByText('live')).toBeInTheDocument();
    act(() => source.drop());
    act(() => vi.advanceTimersByTime(RECONNECTING_NOTICE_AFTER_MS));
    expect(screen.getByText('reconnecting')).toBeInTheDocument();
    act(() => source.open());
    expect(screen.getByText('live')).toBeInTheDocument();
  });

  it('stops reconnecting when the tab unmounts', () => {
    vi.useFakeTimers();
    const { unmount, source } = renderStream();
    source.fail();
    unmount();
    vi.advanceTimersByTime(RECONNECT_DELAYS_MS.at(-1)! * 2);
    expect(FakeEventSource.all).toHaveLength(1);
  });

  it('closes the stream and rechecks the session when the session ends', () => {
    const { client, source } = renderStream();
    source.open();
    source.send('session-ended');
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    expect(isInvalidated(client, ['session'])).toBe(true);
    expect(isInvalidated(client, ['patients', 'list'])).toBe(false);
  });
});
