import type { TDocument } from '@casebridge/domain/documents/document.schemas';
import {
  FULFIL_REQUEST_TEXTS,
  type TCaseRequest,
} from '@casebridge/domain/requests/case-request.schemas';
import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { CASE_REQUEST_TEXTS } from '@casebridge/domain/requests/case-request-texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#src/lib/api-client.ts';
import { apiError } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { DEMO_ORGANIZATIONS, signedInAs } from '#src/test/sessions.ts';
import { latestToast, latestToastDescription } from '#src/test/toasts.ts';
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

const onFile = (index: number): TDocument => ({
  id: `d-${index}`,
  patientId: PATIENT,
  fileName: `visit-${index}.pdf`,
  category: 'Treatment Notes',
  mimeType: 'application/pdf',
  sizeBytes: 1000,
  uploadedByName: 'Casey Harbor',
  createdAt: '2020-01-10T10:00:00.000Z',
  isPreviewable: true,
  version: 1,
  updatedAt: '2020-01-10T10:00:00.000Z',
  updatedByName: null,
});

/** A fake server holding the patient's requests; writes are recorded and change the list. */
function renderSection(
  role: 'attorney' | 'clinic' | 'lienholder' | 'contact',
  items: TCaseRequest[],
  documents: TDocument[] = [],
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
      'GET /patients/:patientId/documents': () => ({ items: documents, nextCursor: null }),
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
    const upload = within(dialog).getByLabelText('Upload a file');
    expect(
      await within(dialog).findByText('Choose a file to upload or at least one document'),
    ).toBeInTheDocument();
    expect(upload).toHaveAccessibleDescription(FULFIL_REQUEST_TEXTS.fileOrDocumentRequired);
    const file = new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' });
    await userEvent.upload(upload, file);
    // Choosing a file answers the error before the next submit.
    await waitFor(() => expect(upload).not.toHaveAccessibleDescription());
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

  it('fulfils with documents on file, naming a refused one under the list and keeping the choice', async () => {
    const acknowledged = request({ status: 'acknowledged' });
    const { writes, uploadFile, api } = renderSection(
      'clinic',
      [acknowledged],
      [onFile(1), onFile(2)],
    );
    const card = await within(section()).findByRole('listitem', { name: /Medical records/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Fulfil' }));
    const dialog = await findDialog('Fulfil request');
    await userEvent.click(await within(dialog).findByLabelText(/visit-1\.pdf/));
    api.use({
      'POST /requests/:requestId/fulfil': apiError(
        400,
        'VALIDATION_FAILED',
        CASE_REQUEST_TEXTS.documentHiddenFromRequester,
      ),
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fulfil Request' }));
    const list = within(dialog).getByRole('group', { name: 'Or choose documents on file' });
    await waitFor(() =>
      expect(list).toHaveAccessibleDescription(CASE_REQUEST_TEXTS.documentHiddenFromRequester),
    );
    expect(latestToast('error')).toBe(CASE_REQUEST_TEXTS.respondFailed);
    expect(within(list).getByLabelText(/visit-1\.pdf/)).toBeChecked();

    api.use({
      'POST /requests/:requestId/fulfil': ({ body }) => {
        writes.push({ path: 'r-1 → fulfilled', body });
        return { ...acknowledged, status: 'fulfilled', version: 2 };
      },
    });
    await userEvent.click(within(list).getByLabelText(/visit-1\.pdf/));
    await userEvent.click(within(list).getByLabelText(/visit-2\.pdf/));
    await waitFor(() => expect(list).not.toHaveAccessibleDescription());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fulfil Request' }));
    await waitFor(() => expect(latestToast('success')).toBe(CASE_REQUEST_TEXTS.fulfilled));
    expect(writes).toEqual([{ path: 'r-1 → fulfilled', body: { documentIds: ['d-2'] } }]);
    expect(uploadFile).not.toHaveBeenCalled();
  });

  it('takes at most 20 documents in all, the uploaded file counted, and sends nothing', async () => {
    const docs = Array.from({ length: 20 }, (_, index) => onFile(index + 1));
    const { writes, uploadFile } = renderSection(
      'clinic',
      [request({ status: 'acknowledged' })],
      docs,
    );
    const card = await within(section()).findByRole('listitem', { name: /Medical records/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Fulfil' }));
    const dialog = await findDialog('Fulfil request');
    const list = within(dialog).getByRole('group', { name: 'Or choose documents on file' });
    for (const checkbox of await within(list).findAllByRole('checkbox'))
      await userEvent.click(checkbox);
    const file = new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' });
    await userEvent.upload(within(dialog).getByLabelText('Upload a file'), file);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fulfil Request' }));
    await waitFor(() =>
      expect(list).toHaveAccessibleDescription(CASE_REQUEST_TEXTS.documentsTooMany),
    );
    expect(uploadFile).not.toHaveBeenCalled();
    expect(writes).toEqual([]);
  });

  it('shows a refused upload at the file field, and uploads a file once across retries', async () => {
    const { writes, uploadFile, api } = renderSection('clinic', [
      request({ status: 'acknowledged' }),
    ]);
    uploadFile.mockRejectedValueOnce(
      new ApiError(400, 'VALIDATION_FAILED', 'This type of file cannot be uploaded'),
    );
    const card = await within(section()).findByRole('listitem', { name: /Medical records/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Fulfil' }));
    const dialog = await findDialog('Fulfil request');
    const upload = within(dialog).getByLabelText('Upload a file');
    await userEvent.selectOptions(
      within(dialog).getByLabelText('Category of the uploaded file'),
      'Billing',
    );
    const file = new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' });
    await userEvent.upload(upload, file);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fulfil Request' }));
    await waitFor(() =>
      expect(upload).toHaveAccessibleDescription('This type of file cannot be uploaded'),
    );
    expect(latestToastDescription('error')).toBe('This type of file cannot be uploaded');
    expect(writes).toEqual([]);

    // The upload goes through, the fulfilment is refused: the retry links the uploaded file.
    api.use({
      'POST /requests/:requestId/fulfil': apiError(409, 'CONFLICT', 'Please try again'),
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fulfil Request' }));
    await waitFor(() => expect(uploadFile).toHaveBeenCalledTimes(2));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Fulfil Request' })).toBeEnabled(),
    );
    api.use({
      'POST /requests/:requestId/fulfil': ({ body }) => {
        writes.push({ path: 'r-1 → fulfilled', body });
        return request({ status: 'fulfilled', version: 2 });
      },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fulfil Request' }));
    await waitFor(() => expect(latestToast('success')).toBe(CASE_REQUEST_TEXTS.fulfilled));
    expect(uploadFile).toHaveBeenCalledTimes(2);
    expect(uploadFile).toHaveBeenLastCalledWith({ patientId: PATIENT, category: 'Billing', file });
    expect(writes).toEqual([{ path: 'r-1 → fulfilled', body: { documentIds: ['d-new'] } }]);
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
