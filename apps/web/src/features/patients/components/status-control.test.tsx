import { PATIENT_MESSAGES, type TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, type FakeRequest } from '#src/test/fake-api.ts';
import { Replaceable } from '#src/test/replaceable.tsx';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { StatusControl } from './status-control.tsx';

const PATIENT: TPatientDetail = {
  id: '77777777-7777-4777-8777-777777777777',
  fullName: 'Sam Status',
  dob: '1980-02-03',
  intakeDate: null,
  evalDate: null,
  lastTreatmentDate: null,
  treatmentStatus: 'Referred',
  clinics: [],
  firm: null,
  lienholders: [],
  pointOfContactName: null,
  pointOfContactPhone: null,
  externalId: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  version: 3,
  updatedByName: null,
};
const CHANGE_ID = '88888888-8888-4888-8888-888888888888';

function renderControl(options: { staleBy?: string } = {}) {
  const sent: FakeRequest[] = [];
  const undone: unknown[] = [];
  renderWithProviders(<StatusControl patient={PATIENT} />, {
    session: signedInAs('clinic'),
    api: {
      [`PATCH /patients/${PATIENT.id}/status`]: (request: FakeRequest) => {
        sent.push(request);
        if (options.staleBy) {
          const current = {
            ...PATIENT,
            treatmentStatus: 'Discharged',
            version: 4,
            updatedByName: options.staleBy,
            updatedAt: '2026-01-05T14:02:00.000Z',
          };
          return json({ error: { code: 'CONFLICT', message: 'stale' }, current }, 409);
        }
        const patient = { ...PATIENT, ...(request.body as object), version: 4 };
        return {
          patient,
          undo: { changeId: CHANGE_ID, until: new Date(Date.now() + 10_000).toISOString() },
        };
      },
      [`POST /patients/${PATIENT.id}/status/undo`]: ({ body }: FakeRequest) => {
        undone.push(body);
        return { ...PATIENT, version: 5 };
      },
    },
  });
  return { sent, undone };
}

async function chooseAndSave(status: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Edit status' }));
  await user.selectOptions(screen.getByLabelText('Treatment status'), status);
  await user.click(screen.getByRole('button', { name: 'Save status' }));
  return user;
}

describe('StatusControl', () => {
  it('saves nothing while the user only moves through the statuses', async () => {
    const { sent } = renderControl();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit status' }));
    const select = screen.getByLabelText('Treatment status');
    expect(select).toHaveFocus();
    // What an arrow key does in the browser's dropdown: the choice moves, one status at a time.
    await user.selectOptions(select, 'Evaluated');
    await user.selectOptions(select, 'Referred for PT');
    expect(screen.getByRole('button', { name: 'Save status' })).toBeEnabled();
    expect(sent).toEqual([]);
  });

  it('asks to confirm the change it names; keeping the status sends nothing', async () => {
    const { sent } = renderControl();
    const user = await chooseAndSave('Evaluated');
    const dialog = await screen.findByRole('alertdialog', { name: 'Change treatment status?' });
    expect(dialog).toHaveTextContent("Change Sam Status's status from Referred to Evaluated?");
    await user.click(screen.getByRole('button', { name: 'Keep Referred' }));
    expect(sent).toEqual([]);
  });

  it('saves the confirmed status once, from the version shown, and offers Undo', async () => {
    const { sent, undone } = renderControl();
    const user = await chooseAndSave('Evaluated');
    await user.click(await screen.findByRole('button', { name: 'Change status' }));
    await expect
      .poll(() => sent.map((request) => request.body))
      .toEqual([{ treatmentStatus: 'Evaluated' }]);
    expect(sent[0]?.headers['if-match']).toBe('"3"');
    await expect.poll(() => latestToast('success')).toBe(PATIENT_MESSAGES.updated);
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await expect.poll(() => undone).toEqual([{ changeId: CHANGE_ID }]);
    await expect.poll(() => latestToast('success')).toBe(PATIENT_MESSAGES.statusUndone);
  });

  it('shows in place who changed the status when the save was made from an older version', async () => {
    renderControl({ staleBy: 'Dana Ruiz' });
    const user = await chooseAndSave('Evaluated');
    await user.click(await screen.findByRole('button', { name: 'Change status' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Not saved: Dana Ruiz changed the status to Discharged at \d\d:\d\d/,
    );
  });

  it('offers Undo, and says what it did, when the user left the page before the answer', async () => {
    let answer = () => {};
    renderWithProviders(
      <Replaceable label="Leave" after={<p>Dashboard</p>}>
        <StatusControl patient={PATIENT} />
      </Replaceable>,
      {
        session: signedInAs('clinic'),
        api: {
          [`PATCH /patients/${PATIENT.id}/status`]: () =>
            new Promise((resolve) => {
              answer = () =>
                resolve({
                  patient: { ...PATIENT, treatmentStatus: 'Evaluated', version: 4 },
                  undo: { changeId: CHANGE_ID, until: new Date(Date.now() + 10_000).toISOString() },
                });
            }),
          [`POST /patients/${PATIENT.id}/status/undo`]: () =>
            json({ error: { code: 'CONFLICT', message: 'The status has changed since.' } }, 409),
        },
      },
    );
    const user = await chooseAndSave('Evaluated');
    await user.click(await screen.findByRole('button', { name: 'Change status' }));
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(screen.getByText('Dashboard')).toBeInTheDocument();

    await act(async () => answer());
    await expect.poll(() => latestToast('success')).toBe(PATIENT_MESSAGES.updated);
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await expect.poll(() => latestToast('error')).toBe('The status has changed since.');
  });

  it("undoes the change of the patient it was made on, after the page moved to another's", async () => {
    const OTHER = {
      ...PATIENT,
      id: '99999999-9999-4999-8999-999999999999',
      fullName: 'Olive Other',
    };
    const undoneOf: string[] = [];
    renderWithProviders(
      <Replaceable label="Next patient" after={<StatusControl patient={OTHER} />}>
        <StatusControl patient={PATIENT} />
      </Replaceable>,
      {
        session: signedInAs('clinic'),
        api: {
          [`PATCH /patients/${PATIENT.id}/status`]: () => ({
            patient: { ...PATIENT, treatmentStatus: 'Evaluated', version: 4 },
            undo: { changeId: CHANGE_ID, until: new Date(Date.now() + 10_000).toISOString() },
          }),
          'POST /patients/:id/status/undo': ({ path }: FakeRequest) => {
            undoneOf.push(path);
            return { ...PATIENT, version: 5 };
          },
        },
      },
    );
    const user = await chooseAndSave('Evaluated');
    await user.click(await screen.findByRole('button', { name: 'Change status' }));
    await expect.poll(() => latestToast('success')).toBe(PATIENT_MESSAGES.updated);
    // The same control, now showing the next patient (no remount between patient pages).
    await user.click(screen.getByRole('button', { name: 'Next patient' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await expect.poll(() => undoneOf).toEqual([`/patients/${PATIENT.id}/status/undo`]);
    await expect.poll(() => latestToast('success')).toBe(PATIENT_MESSAGES.statusUndone);
  });
});
