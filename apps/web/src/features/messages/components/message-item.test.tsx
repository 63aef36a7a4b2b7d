import type { TMessage } from '@casebridge/domain/messages/message.schemas';
import type { Role } from '@casebridge/domain/roles';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FakeRequest, FakeRoutes } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { MessageItem } from './message-item.tsx';

const PATIENT_ID = '11111111-1111-4111-8111-111111111111';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const message = (overrides: Partial<TMessage> = {}): TMessage => ({
  id: '66666666-6666-4666-8666-666666666666',
  patientId: PATIENT_ID,
  senderId: 'clinic-user',
  senderName: 'Casey Harbor',
  senderRole: 'clinic',
  senderOrganizationName: 'Harbor Physical Therapy',
  body: 'MRI booked for Tuesday.',
  templateId: null,
  notifyByEmail: false,
  createdAt: minutesAgo(2),
  editedAt: null,
  retractedAt: null,
  isReadByMe: true,
  isReadByOthers: false,
  version: 2,
  updatedAt: minutesAgo(2),
  updatedByName: null,
  ...overrides,
});

function renderItem(role: Role, shown: TMessage, api: FakeRoutes = {}) {
  return renderWithProviders(
    <ol>
      <MessageItem message={shown} isOwn={shown.senderId === `${role}-user`} />
    </ol>,
    { session: signedInAs(role), api },
  );
}

describe('MessageItem corrections', () => {
  it('marks an edited message, with the time of the edit for screen readers', async () => {
    renderItem('attorney', message({ editedAt: '2026-03-02T14:02:00.000Z' }));
    expect(await screen.findByText('(edited)')).toBeInTheDocument();
    expect(
      screen.getByText(`Edited ${new Date('2026-03-02T14:02:00.000Z').toLocaleString()}`),
    ).toHaveClass('sr-only');
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
  });

  it('shows a retracted message as retracted, without text, to everyone but admins', async () => {
    renderItem('attorney', message({ body: null, retractedAt: minutesAgo(1) }));
    expect(await screen.findByText('Message retracted by Casey Harbor')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /History/ })).toBeNull();
  });

  it('shows admins the retracted text, marked, and its history', async () => {
    const user = userEvent.setup();
    renderItem(
      'admin',
      message({ editedAt: minutesAgo(1), retractedAt: minutesAgo(1), body: 'Torn ACL.' }),
      {
        'GET /patients/:id/messages/:messageId/history': {
          items: [
            {
              version: 2,
              action: 'edited',
              changes: { body: { from: 'Torn ACL!', to: 'Torn ACL.' } },
              reason: null,
              actorName: 'Casey Harbor',
              actorRole: 'clinic',
              at: minutesAgo(1),
            },
            {
              version: 3,
              action: 'retracted',
              changes: { retracted: { from: false, to: true } },
              reason: null,
              actorName: 'Casey Harbor',
              actorRole: 'clinic',
              at: minutesAgo(1),
            },
          ],
        },
      },
    );
    expect(await screen.findByText('Torn ACL.')).toBeInTheDocument();
    expect(
      screen.getByText('Message retracted by Casey Harbor — only admins see the text'),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'History of the message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message history' });
    expect(await within(dialog).findByText('Torn ACL!')).toBeInTheDocument();
    expect(within(dialog).getByText(/^Retracted by Casey Harbor/)).toBeInTheDocument();
  });

  it('lets the sender edit within 15 minutes, from the version shown', async () => {
    const user = userEvent.setup();
    const edits: FakeRequest[] = [];
    renderItem('clinic', message(), {
      'PATCH /patients/:id/messages/:messageId': (request: FakeRequest) => {
        edits.push(request);
        return message({ body: 'MRI booked for Wednesday.', version: 3, editedAt: minutesAgo(0) });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Message' });
    const text = within(dialog).getByLabelText('Message');
    await user.clear(text);
    await user.type(text, 'MRI booked for Wednesday.');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await expect.poll(() => latestToast('success')).toBe('Message updated');
    expect(edits[0]).toMatchObject({
      body: { body: 'MRI booked for Wednesday.' },
      headers: { 'if-match': '"2"' },
    });
  });

  it('offers no edit after 15 minutes, but still the retraction', async () => {
    renderItem('clinic', message({ createdAt: minutesAgo(16) }));
    expect(await screen.findByRole('button', { name: 'Retract message' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit message' })).toBeNull();
  });

  it('offers no change of someone else’s message', async () => {
    renderItem('attorney', message());
    expect(await screen.findByText('MRI booked for Tuesday.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /message/ })).toBeNull();
  });

  it('retracts only after a question that quotes the message', async () => {
    const user = userEvent.setup();
    const retractions: FakeRequest[] = [];
    renderItem('clinic', message(), {
      'POST /patients/:id/messages/:messageId/retract': (request: FakeRequest) => {
        retractions.push(request);
        return message({ body: null, retractedAt: minutesAgo(0), version: 3 });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Retract message' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Retract this message?' });
    expect(dialog).toHaveTextContent('"MRI booked for Tuesday."');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(retractions).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Retract message' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Retract this message?' });
    await user.click(within(dialog).getByRole('button', { name: 'Retract' }));
    await expect.poll(() => latestToast('success')).toBe('Message retracted');
    expect(retractions[0]?.headers['if-match']).toBe('"2"');
  });
});
