import type { TCaseRequest } from '@casebridge/domain/requests/case-request.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#src/test/render.tsx';
import { DEMO_ORGANIZATIONS, signedInAs } from '#src/test/sessions.ts';
import type { UploadRequestFile } from '#src/features/case-requests/utils/upload-file.ts';
import { OutstandingRequests } from './outstanding-requests.tsx';

const item = (id: string, patientName: string, isOverdue: boolean): TCaseRequest => ({
  id,
  patientId: `p-${id}`,
  patientName,
  clinicId: DEMO_ORGANIZATIONS.clinic.id,
  clinicName: DEMO_ORGANIZATIONS.clinic.name,
  requesterOrganizationId: DEMO_ORGANIZATIONS.attorney.id,
  requesterOrganizationName: DEMO_ORGANIZATIONS.attorney.name,
  requesterName: 'Morgan Hale',
  kind: 'itemized_bill',
  periodFrom: null,
  periodTo: null,
  dueOn: isOverdue ? '2020-01-01' : '2099-01-01',
  note: null,
  status: 'requested',
  declineReason: null,
  isOverdue,
  acknowledgedAt: null,
  closedAt: null,
  createdAt: '2020-01-01T00:00:00.000Z',
  documents: [],
  version: 1,
  updatedAt: '2020-01-01T00:00:00.000Z',
  updatedByName: null,
});

describe('OutstandingRequests', { timeout: 20_000 }, () => {
  it('sends the filters and the cursor, marks overdue requests and links the patient', async () => {
    const asked: string[] = [];
    renderWithProviders(<OutstandingRequests uploadFile={vi.fn<UploadRequestFile>()} />, {
      session: signedInAs('attorney'),
      api: {
        'GET /requests': ({ url, query }) => {
          asked.push(url);
          return query.get('cursor')
            ? { items: [item('r-3', 'Grace Kim', false)], nextCursor: null }
            : {
                items: [item('r-1', 'James Whitfield', true), item('r-2', 'Emily Chen', false)],
                nextCursor: 'r-2',
              };
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Outstanding requests' });
    const first = within(list).getByRole('listitem', { name: /James Whitfield/ });
    expect(within(first).getByText('Overdue')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'James Whitfield' })).toHaveAttribute(
      'href',
      '/patients/p-r-1',
    );
    expect(within(list).getByRole('listitem', { name: /Emily Chen/ })).not.toHaveTextContent(
      'Overdue',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('listitem', { name: /Grace Kim/ });
    expect(asked.at(-1)).toBe('/requests?status=open&cursor=r-2');

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'all');
    await userEvent.click(screen.getByLabelText('Overdue only'));
    await userEvent.type(screen.getByLabelText('Search by patient'), 'whit');
    await waitFor(() => expect(asked.at(-1)).toBe('/requests?status=all&overdue=true&search=whit'));
  });
});
