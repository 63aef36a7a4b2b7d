import { CASE_STAGES } from '@casebridge/domain/case-facts/case-facts-constants';
import { CASE_STAGE_COLORS } from '@casebridge/domain/case-updates/case-updates-constants';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CaseStageBadge, UpdateOverdueBadge } from './case-stage-badge.tsx';

describe('CaseStageBadge and UpdateOverdueBadge', () => {
  it('names the stage with its label and colour, for a screen reader as the case stage', () => {
    render(<CaseStageBadge stage="demand_sent" />);
    const badge = screen.getByText('Demand sent');
    expect(badge).toHaveTextContent('Case stage: Demand sent');
    expect(badge).toHaveAttribute('data-color', 'purple');
    // Long labels wrap inside their column instead of running into the next one.
    expect(badge).toHaveClass('whitespace-normal', 'max-w-full');
  });

  it('gives every stage a colour', () => {
    expect(CASE_STAGES.filter((stage) => !CASE_STAGE_COLORS[stage])).toEqual([]);
  });

  it('says nothing without a stage or while no update is owed', () => {
    const { container } = render(
      <>
        <CaseStageBadge stage={undefined} />
        <UpdateOverdueBadge isOverdue={false} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
    render(<UpdateOverdueBadge isOverdue />);
    expect(screen.getByText('Update overdue')).toHaveAttribute('data-color', 'red');
  });
});
