import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FakeRequest } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { PortfolioSection } from './portfolio-section.tsx';

const ROW = {
  patientId: '77777777-7777-4777-8777-777777777777',
  patientName: 'Maria Delgado',
  lienholderId: '44444444-4444-4444-8444-444444444444',
  lienholderName: 'MedLien Funding Partners',
  treatmentStatus: 'Referred for PT',
  intakeDate: '2026-01-05',
  lastCareDate: '2026-03-01',
  daysSinceTreatment: 17,
  hasGap: true,
  billedCents: 125_050,
  reducedCents: 10_000,
  paidCents: 20_000,
  balanceCents: 95_050,
};

function renderSection(total = 1) {
  const asked: URLSearchParams[] = [];
  renderWithProviders(<PortfolioSection />, {
    session: signedInAs('lienholder'),
    api: {
      'GET /liens/portfolio': ({ query }: FakeRequest) => {
        asked.push(query);
        const offset = Number(query.get('cursor') ?? 0);
        return {
          items: [{ ...ROW, patientName: `Maria Delgado ${offset + 1}` }],
          total,
          nextCursor: offset + 1 < total ? String(offset + 1) : null,
          totals: {
            billedCents: 125_050,
            reducedCents: 10_000,
            paidCents: 20_000,
            balanceCents: 95_050,
          },
        };
      },
    },
  });
  return asked;
}

describe('PortfolioSection', () => {
  it('shows each lien with its figures, the gap, and the totals', async () => {
    renderSection();
    const row = await screen.findByRole('row', { name: /Maria Delgado/ }, { timeout: 5_000 });
    expect(within(row).getByText('$1,250.50')).toBeInTheDocument();
    expect(within(row).getByText('$950.50')).toBeInTheDocument();
    expect(within(row).getByText('Gap')).toBeInTheDocument();
    // A lienholder sees its own liens: no Lienholder column.
    expect(screen.queryByRole('columnheader', { name: 'Lienholder' })).toBeNull();
    expect(screen.getByText(/1 liens · billed \$1,250\.50/)).toBeInTheDocument();
  });

  it('sorts by a header, says so with aria-sort, and turns the order round on a second press', async () => {
    const asked = renderSection();
    const user = userEvent.setup();
    await screen.findByRole('row', { name: /Maria Delgado/ }, { timeout: 5_000 });
    const patient = screen.getByRole('columnheader', { name: 'Patient' });
    const balance = screen.getByRole('columnheader', { name: 'Balance' });
    expect(patient).toHaveAttribute('aria-sort', 'ascending');
    expect(balance).toHaveAttribute('aria-sort', 'none');
    await user.click(within(balance).getByRole('button'));
    expect(balance).toHaveAttribute('aria-sort', 'ascending');
    expect(patient).toHaveAttribute('aria-sort', 'none');
    await user.click(within(balance).getByRole('button'));
    expect(balance).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(() => asked.at(-1)?.toString()).toBe('sort=balance&direction=desc&limit=25');
  });

  it("asks for the status and 'Has gap' filters", async () => {
    const asked = renderSection();
    const user = userEvent.setup();
    await screen.findByRole('row', { name: /Maria Delgado/ }, { timeout: 5_000 });
    await user.selectOptions(screen.getByLabelText('Case status'), 'Discharged');
    await user.click(screen.getByLabelText('Has gap'));
    await expect
      .poll(() => asked.at(-1)?.toString())
      .toBe('status=Discharged&hasGap=true&sort=patient&direction=asc&limit=25');
  });

  it('pages with the cursor the server gave, and back', async () => {
    const asked = renderSection(2);
    const user = userEvent.setup();
    await screen.findByRole('row', { name: /Maria Delgado 1/ }, { timeout: 5_000 });
    const pagesNav = screen.getByRole('navigation', { name: 'Portfolio pages' });
    await user.click(within(pagesNav).getByRole('button', { name: 'Next' }));
    await screen.findByRole('row', { name: /Maria Delgado 2/ });
    expect(asked.at(-1)?.get('cursor')).toBe('1');
    await user.click(within(pagesNav).getByRole('button', { name: 'Previous' }));
    await screen.findByRole('row', { name: /Maria Delgado 1/ });
    expect(asked.at(-1)?.has('cursor')).toBe(false);
  });
});
