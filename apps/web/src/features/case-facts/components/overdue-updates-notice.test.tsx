import { CASE_UPDATE_TEXTS } from '@casebridge/domain/case-updates/case-updates-constants';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { OverdueUpdatesNotice } from './overdue-updates-notice.tsx';

function renderNotice(overdue: number) {
  renderWithProviders(<OverdueUpdatesNotice />, {
    session: signedInAs('lienholder'),
    api: { 'GET /case-updates/overdue': { overdue } },
  });
}

describe('OverdueUpdatesNotice', () => {
  it('counts the patients owed an update', async () => {
    renderNotice(3);
    expect(await screen.findByRole('status')).toHaveTextContent(
      `${CASE_UPDATE_TEXTS.overdue}: 3${CASE_UPDATE_TEXTS.overdueHint}`,
    );
  });

  it('says none is owed in the same place', async () => {
    renderNotice(0);
    expect(await screen.findByRole('status')).toHaveTextContent(CASE_UPDATE_TEXTS.noneOverdue);
  });
});
