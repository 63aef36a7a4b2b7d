import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TreatmentTimeline } from './treatment-timeline.tsx';

const steps = () => screen.getAllByRole('listitem');

describe('TreatmentTimeline', () => {
  it('completes the steps up to the current one and marks it current', () => {
    render(<TreatmentTimeline status="Referred for PT" />);
    expect(steps().map((step) => step.dataset.completed)).toEqual([
      'true',
      'true',
      'true',
      'false',
    ]);
    expect(steps()[2]).toHaveAttribute('aria-current', 'step');
  });

  it('completes nothing for a status that is not a step', () => {
    render(<TreatmentTimeline status="Referred for MD" />);
    expect(steps().map((step) => step.dataset.completed)).toEqual([
      'false',
      'false',
      'false',
      'false',
    ]);
    expect(screen.queryByRole('listitem', { current: 'step' })).toBeNull();
  });
});
