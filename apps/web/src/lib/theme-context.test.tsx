import { render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider, useTheme } from './theme-context.tsx';
import { ThemeToggle } from '#src/components/theme-toggle.tsx';

afterEach(() => {
  document.documentElement.classList.remove('dark');
  window.localStorage.clear();
});

describe('theme', () => {
  it('starts from the class page-init.js put on the root before React', () => {
    document.documentElement.classList.add('dark');
    const { result } = renderHook(() => useTheme(), { wrapper: ThemeProvider });
    expect(result.current.theme).toBe('dark');
  });

  it('over server markup (always light) renders light first, then the applied theme', () => {
    document.documentElement.classList.add('dark');
    const themes: string[] = [];
    function Probe() {
      themes.push(useTheme().theme);
      return <ThemeToggle />;
    }
    render(
      <ThemeProvider renderedTheme="light">
        <Probe />
      </ThemeProvider>,
    );
    expect(themes[0]).toBe('light');
    expect(themes.at(-1)).toBe('dark');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  });

  it('toggles the dark class on the root and stores the choice under theme', async () => {
    render(
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');

    await userEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('light');
  });

  it('raises an error when used outside its provider (spec section 5)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useTheme())).toThrow(
      'useTheme must be used within a ThemeProvider',
    );
    vi.restoreAllMocks();
  });
});
