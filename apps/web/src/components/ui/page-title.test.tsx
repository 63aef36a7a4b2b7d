import { render, screen } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';

// The module remembers whether a page has shown. Web test files share one module registry
// (docs/testing.md), so each test takes its own instance of the module, as a page load does.
let PageTitle: typeof import('./page-title.tsx').PageTitle;
let instances = 0;
beforeEach(async () => {
  instances += 1;
  const freshInstance = `./page-title.tsx?instance=${instances}`;
  ({ PageTitle } = (await import(
    /* @vite-ignore */ freshInstance
  )) as typeof import('./page-title.tsx'));
});

/** A control the page focused before its heading mounted (effects run in order). */
function FocusedSearch() {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return <input ref={ref} aria-label="Search" />;
}

describe('PageTitle', () => {
  it('names the tab, leaves the first page alone, and takes focus on each later page', () => {
    const first = render(
      <main>
        <PageTitle>Clinic Dashboard</PageTitle>
      </main>,
    );
    expect(document.title).toBe('Clinic Dashboard · CaseBridge');
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveFocus();
    first.unmount();

    render(
      <main>
        <PageTitle documentTitle="Patient">Maria Delgado</PageTitle>
      </main>,
    );
    // The patient's name is the heading, not the tab title (nor the browser's history).
    expect(document.title).toBe('Patient · CaseBridge');
    expect(screen.getByRole('heading', { level: 1, name: 'Maria Delgado' })).toHaveFocus();
  });

  it('does not take focus from a control of the page the user is already in', () => {
    render(
      <main>
        <FocusedSearch />
        <PageTitle>Directory</PageTitle>
      </main>,
    );
    expect(screen.getByLabelText('Search')).toHaveFocus();
  });
});
