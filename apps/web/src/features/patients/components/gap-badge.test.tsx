import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GapBadge } from './gap-badge.tsx';

describe('GapBadge', () => {
  it("reads 'Gap: N days', singular for one day, and names the gap for a screen reader", () => {
    const { rerender } = render(<GapBadge days={17} />);
    expect(screen.getByText('Gap: 17 days')).toBeVisible();
    expect(screen.getByText('Gap: 17 days').textContent).toBe('Treatment Gap: 17 days');
    rerender(<GapBadge days={1} />);
    expect(screen.getByText('Gap: 1 day')).toBeVisible();
  });

  it('shows nothing without an open gap', () => {
    const { container } = render(<GapBadge days={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
