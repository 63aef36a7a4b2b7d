import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from './lazy-component.ts';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyComponent', () => {
  it('fetches the module once, whether preloaded first or shown', async () => {
    const load = vi.fn<() => Promise<{ Greeting: typeof Greeting }>>(() =>
      Promise.resolve({ Greeting }),
    );
    const Lazy = lazyComponent(load, (module) => module.Greeting);
    expect(load).not.toHaveBeenCalled();
    Lazy.preload();
    Lazy.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy.Component name="Ada" />
      </Suspense>,
    );
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledOnce();
  });

  it('tries again after a preload that failed, without an unhandled error', async () => {
    const load = vi
      .fn<() => Promise<{ Greeting: typeof Greeting }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ Greeting });
    const Lazy = lazyComponent(load, (module) => module.Greeting);
    Lazy.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledOnce());
    await new Promise((resolve) => setTimeout(resolve, 0));
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy.Component name="Grace" />
      </Suspense>,
    );
    expect(await screen.findByText('Hello Grace')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
