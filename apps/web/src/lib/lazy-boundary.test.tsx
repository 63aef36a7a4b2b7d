import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { deferLazyParts, LazyBoundary } from './lazy-boundary.tsx';
import { lazyComponent } from './lazy-component.ts';

function Greeting() {
  return <button type="button">Hello</button>;
}

const Lazy = lazyComponent(
  () => Promise.resolve({ Greeting }),
  (module) => module.Greeting,
);

function Part() {
  return (
    <LazyBoundary fallback={<span>Stand-in</span>}>
      <Lazy.Component />
    </LazyBoundary>
  );
}

describe('LazyBoundary', () => {
  afterEach(() => deferLazyParts(false));

  it('shows the part once its code has arrived', async () => {
    render(<Part />);
    expect(await screen.findByRole('button', { name: 'Hello' })).toBeInTheDocument();
  });

  it('renders only the fallback while parts are deferred, even with the code at hand', async () => {
    Lazy.preload();
    deferLazyParts(true);
    render(<Part />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByText('Stand-in')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('renders the part right after the deferring render (a hydration) ends', async () => {
    deferLazyParts(true);
    render(<Part />);
    expect(screen.getByText('Stand-in')).toBeInTheDocument();
    deferLazyParts(false);
    expect(await screen.findByRole('button', { name: 'Hello' })).toBeInTheDocument();
    expect(screen.queryByText('Stand-in')).not.toBeInTheDocument();
  });
});
