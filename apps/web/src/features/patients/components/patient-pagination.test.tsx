import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN_PATIENTS_PAGE_SIZE } from '@casebridge/domain/constants';
import type { FakeRequest } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { AdminPatientsTab } from './admin-patients-tab.tsx';

/** A loaded machine renders slowly: wait up to 5 s for each page, not the default 1 s. */
const SLOW = { timeout: 5_000 };
const TOTAL = ADMIN_PATIENTS_PAGE_SIZE * 2 + 3;

const patient = (index: number) => ({
  id: `11111111-1111-4111-8111-${String(index).padStart(12, '0')}`,
  fullName: `Patient ${index}`,
  dob: '1984-03-12',
  treatmentStatus: 'Referred' as const,
  intakeDate: null,
  lastTreatmentDate: null,
  clinicNames: [],
  firmName: null,
  updatedAt: '2026-02-01T00:00:00.000Z',
});

/** Keyset pages as the server makes them: the cursor names the page's first row. */
function answerPage(request: FakeRequest) {
  const start = Number(request.query.get('cursor') ?? '0');
  const end = Math.min(start + ADMIN_PATIENTS_PAGE_SIZE, TOTAL);
  return {
    items: Array.from({ length: end - start }, (_, offset) => patient(start + offset)),
    total: TOTAL,
    isTotalCapped: false,
    nextCursor: end < TOTAL ? String(end) : null,
    previousCursor: start > 0 ? String(start) : null,
  };
}

// Several renders and clicks each: more than the default 5 s on a busy machine.
describe('patient list pages', { timeout: 20_000 }, () => {
  it('follows the cursors with Next and goes back with Previous, saying where it is', async () => {
    const user = userEvent.setup();
    const { api } = renderWithProviders(<AdminPatientsTab />, {
      session: signedInAs('admin'),
      api: { 'GET /patients': answerPage },
    });
    const pager = await screen.findByRole('navigation', { name: 'Patient pages' }, SLOW);
    expect(pager).toHaveTextContent(`1–${ADMIN_PATIENTS_PAGE_SIZE} of ${TOTAL}`);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText(`Patient ${ADMIN_PATIENTS_PAGE_SIZE}`, {}, SLOW);
    expect(pager).toHaveTextContent(
      `${ADMIN_PATIENTS_PAGE_SIZE + 1}–${ADMIN_PATIENTS_PAGE_SIZE * 2} of ${TOTAL}`,
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText(`Patient ${TOTAL - 1}`, {}, SLOW);
    expect(pager).toHaveTextContent(`${ADMIN_PATIENTS_PAGE_SIZE * 2 + 1}–${TOTAL} of ${TOTAL}`);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText(`Patient ${ADMIN_PATIENTS_PAGE_SIZE}`, {}, SLOW);
    const cursors = api.calls
      .filter((call) => call.path === '/patients')
      .map((call) => call.query.get('cursor'));
    // Previous asks again for the page before, by the cursor that led to it.
    const page = String(ADMIN_PATIENTS_PAGE_SIZE);
    expect(cursors).toEqual([null, page, String(2 * ADMIN_PATIENTS_PAGE_SIZE), page]);
    expect(api.calls.every((call) => !call.query.has('page'))).toBe(true);
  });

  it('goes back to the first page when a filter changes', async () => {
    const user = userEvent.setup();
    const { api } = renderWithProviders(<AdminPatientsTab />, {
      session: signedInAs('admin'),
      api: { 'GET /patients': answerPage },
    });
    await user.click(await screen.findByRole('button', { name: 'Next' }, SLOW));
    await screen.findByText(`Patient ${ADMIN_PATIENTS_PAGE_SIZE}`, {}, SLOW);
    await user.selectOptions(screen.getByRole('combobox', { name: /sort/i }), 'name');
    await waitFor(() => {
      const last = api.calls.filter((call) => call.path === '/patients').at(-1)!;
      expect(last.query.get('sort')).toBe('name');
      expect(last.query.has('cursor')).toBe(false);
    });
  });
});
