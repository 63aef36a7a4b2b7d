import type { TCaseRequest } from '@casebridge/domain/requests/case-request.schemas';
import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { CASE_REQUEST_TEXTS } from '@casebridge/domain/requests/case-request-texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#src/test/render.tsx';
import { DEMO_ORGANIZATIONS, signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import type { UploadRequestFile } from '#src/features/case-requests/utils/upload-file.ts';
import { PatientRequests } from './patient-requests.tsx';

const PATIENT = '99999999-9999-4999-8999-999999999999';
const HARBOR = DEMO_ORGANIZATIONS.clinic;
const patient = {
  id: PATIENT,
  fullName: 'James Whitfield',
  clinics: [{ id: HARBOR.id, name: HARBOR.name, phone: null }],
} as unknown as TPatientDetail;

const request = (overrides: Partial<TCaseRequest> = {}): TCaseRequest => ({
  id: 'r-1',
  patientId: PATIENT,
  patientName: 'James Whitfield',
  clinicId: HARBOR.id,
  clinicName: HARBOR.name,
  requesterOrganizationId: DEMO_ORGANIZATIONS.attorney.id,
  requesterOrganizationName: DEMO_ORGANIZATIONS.attorney.name,
  requesterName: 'Morgan Hale',
  kind: 'medical_records',
  periodFrom: null,
  periodTo: null,
  dueOn: '2020-01-15',
  note: 'All PT notes',
  status: 'requested',
  declineReason: null,
  isOverdue: true,
  acknowledgedAt: null,
  closedAt: null,
  createdAt: '2020-01-01T10:00:00.000Z',
  documents: [],
  version: 1,
  updatedAt: '2020-01-01T10:00:00.000Z',
  updatedByName: null,
  ...overrides,
});

/** A fake server holding the patient's requests; writes are recorded and change the list. */
function renderSection(
  role: 'attorney' | 'clinic' | 'lienholder' | 'contact',
  items: TCaseRequest[],
) {
  let requests = [...items];
  const writes: Array<{ path: string; body: unknown; ifMatch?: string }> = [];
  const uploadFile = vi.fn<UploadRequestFile>(async () => ({ id: 'd-new' }));
  const answerWith =
    (status: TCaseRequest['status']) =>
    ({ params, body }: { params: Record<string, string>; body: unknown }) => {
      writes.push({ path: `${params.requestId} → ${status}`, body });
      requests = requests.map((item) =>
        item.id === params.requestId ? { ...item, status, version: item.version + 1 } : item,
      );
      return requests.find((item) => item.id === params.requestId);
    };
  const view = renderWithProviders(<PatientRequests patient={patient} uploadFile={uploadFile} />, {
    session: signedInAs(role),
    api: {
      'GET /patients/:patientId/requests': () => ({ items: requests, nextCursor: null }),
      'GET /patients/:patientId/documents': () => ({ items: [] }),
      'POST /patients/:patientId/requests': ({ body }) => {
        writes.push({ path: 'create', body });
        const created = request({ id: 'r-2', status: 'requested', isOverdue: false });
        requests = [...requests, created];
        return created;
      },
      'POST /requests/:requestId/acknowledge': answerWith('acknowledged'),
      'POST /requests/:requestId/fulfil': answerWith('fulfilled'),
      'POST /requests/:requestId/decline': answerWith('declined'),
    },
  });
  return { ...view, writes, uploadFile };
}

/** A dialog's code loads on first use: give it time on a busy machine. */
const findDialog = (name: string) => screen.findByRole('dialog', { name }, { timeout: 5000 });
const section = () => screen.getByRole('region', { name: 'Requests' });

describe('PatientRequests', { timeout: 20_000 }, () => {
  it('shows the requests with status, Overdue and due date; the attorney asks for records', async () => {
    const { writes } = renderSection('attorney', [request()]);
    const card = await within(section()).findByRole('listitem', { name: /Medical records/ });
    expect(within(card).getByText('Requested')).toBeInTheDocument();
    expect(within(card).getByText('Overdue')).toBeInTheDocument();
    expect(within(card).getByText('Jan 15, 2020')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Acknowledge' })).toBeNull();

    await userEvent.click(within(section()).getByRole('button', { name: 'Request records' }));
    const dialog = await findDialog('Request records');
    // The single clinic is chosen, the due date is prefilled, the note is typed.
    expect(within(dialog).getByLabelText(/Clinic/)).toHaveValue(HARBOR.id);
    expect((within(dialog).getByLabelText('Due date') as HTMLInputElement).value).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    );
    await userEvent.selectOptions(within(dialog).getByLabelText(/Request type/), 'imaging');
    await userEvent.type(within(dialog).getByLabelText('Period from'), '2026-03-01');
    await userEvent.type(within(dialog).getByLabelText('Period to'), '2026-01-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(await within(dialog).findByText(CASE_REQUEST_TEXTS.periodOrder)).toBeInTheDocument();
    expect(writes).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText('Period to'));
    await userEvent.type(within(dialog).getByLabelText('Note'), 'MRI of the lumbar spine');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    await waitFor(() => expect(latestToast('success')).toBe(CASE_REQUEST_TEXTS.created));
    expect(writes[0]).toMatchObject({
      path: 'create',
      body: {
        clinicId: HARBOR.id,
        kind: 'imaging',
        periodFrom: '2026-03-01',
        note: 'MRI of the lumbar spine',
      },
    });
  });

  it('offers a lienholder the itemized bill only', async () => {
    renderSection('lienholder', []);
    await within(section()).findByText('No requests for this patient yet.');
    await userEvent.click(within(section()).getByRole('button', { name: 'Request records' }));
    const dialog = await findDialog('Request records');
    const options = within(within(dialog).getByLabelText(/Request type/)).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Itemized bill']);
  });

  it('lets the clinic acknowledge, then fulfil by uploading a file', async () => {
    const { writes, uploadFile } = renderSection('clinic', [request()]);
    const card = await within(section()).findByRole('listitem', { name: /Medical records/ });
    expect(within(section()).queryByRole('button', { name: 'Request records' })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(latestToast('success')).toBe(CASE_REQUEST_TEXTS.acknowledged));
    await userEvent.click(await within(card).findByRole('button', { name: 'Fulfil' }));
    const dialog = await findDialog('Fulfil request');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fulfil Request' }));
    expect(
      await within(dialog).findByText('Choose a file to upload or at least one document'),
    ).toBeInTheDocument();
    const file = new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' });
    await userEvent.upload(within(dialog).getByLabelText('Upload a file'), file);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fulfil Request' }));
    await waitFor(() => expect(latestToast('success')).toBe(CASE_REQUEST_TEXTS.fulfilled));
    expect(uploadFile).toHaveBeenCalledWith({
      patientId: PATIENT,
      category: 'Treatment Notes',
      file,
    });
    expect(writes.map((write) => write.path)).toEqual(['r-1 → acknowledged', 'r-1 → fulfilled']);
    expect(writes[1]!.body).toEqual({ documentIds: ['d-new'] });
  });

  it("shows a patient's contact nothing and asks the server nothing", async () => {
    const { queryClient } = renderSection('contact', [request()]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Requests' })).toBeNull();
    expect(queryClient.getQueryState(['case-requests', 'patient', PATIENT])?.fetchStatus).toBe(
      'idle',
    );
    expect(queryClient.getQueryState(['case-requests', 'patient', PATIENT])?.dataUpdatedAt).toBe(0);
  });

  it('lets the clinic decline with a reason', async () => {
    const { writes } = renderSection('clinic', [request()]);
    const card = await within(section()).findByRole('listitem', { name: /Medical records/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Decline' }));
    const dialog = await findDialog('Decline request');
    await userEvent.type(within(dialog).getByRole('textbox'), 'No visits in that period');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline Request' }));
    await waitFor(() => expect(latestToast('success')).toBe(CASE_REQUEST_TEXTS.declined));
    expect(writes).toEqual([
      { path: 'r-1 → declined', body: { reason: 'No visits in that period' } },
    ]);
  });
});
