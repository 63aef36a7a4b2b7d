import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge } from './status-badge.tsx';

describe('StatusBadge', () => {
  it.each([
    ['Referred', 'yellow'],
    ['Evaluated', 'blue'],
    ['Referred for Imaging', 'purple'],
    ['Referred for Specialist', 'purple'],
    ['Discharged', 'green'],
  ] as const)('%s is %s', (status, color) => {
    render(<StatusBadge status={status} />);
    expect(screen.getByText(status)).toHaveAttribute('data-color', color);
  });
});
