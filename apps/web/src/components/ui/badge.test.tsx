import { BADGE_COLORS } from '@casebridge/domain/badge-colors';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge } from './badge.tsx';

describe('Badge', () => {
  it.each(BADGE_COLORS.filter((color) => color !== 'gray'))('%s uses its own hue', (color) => {
    render(<Badge tone={color}>{color}</Badge>);
    const badge = screen.getByText(color);
    expect(badge).toHaveAttribute('data-color', color);
    expect(badge.className).toContain(`bg-${color}-100`);
    expect(badge.className).not.toContain('ring-1');
  });

  it('adds a ring of the same hue when outlined', () => {
    render(
      <Badge tone="purple" outlined>
        Referred for PT
      </Badge>,
    );
    expect(screen.getByText('Referred for PT').className).toContain(
      'ring-1 ring-inset ring-purple-300',
    );
  });
});
