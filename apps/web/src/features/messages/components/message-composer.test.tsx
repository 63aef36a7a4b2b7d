import { MESSAGE_TEXTS } from '@casebridge/domain/messages/message.schemas';
import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, json, type FakeRequest } from '#src/test/fake-api.ts';
import { Replaceable } from '#src/test/replaceable.tsx';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { MessageComposer } from './message-composer.tsx';

const patient = {
  id: '11111111-1111-4111-8111-111111111111',
  fullName: 'Maria Delgado',
} as TPatientDetail;

type Sent = { body: string; templateId: string | null; notifyByEmail: boolean };

let sends: Sent[] = [];
let answerSend: () => Promise<Response>;

const TEMPLATES = {
  items: [
    {
      id: '22222222-2222-4222-8222-222222222222',
      title: 'Records request',
      body: 'Records for {{patient.name}}.',
      templateType: 'message',
      active: true,
    },
    {
      id: '33333333-3333-4333-8333-333333333333',
      title: 'Retired',
      body: 'x',
      templateType: 'message',
      active: false,
    },
  ],
};

beforeEach(() => {
  sends = [];
  answerSend = async () =>
    json({ message: {}, notifiedUsers: 3, emailStatus: 'queued', emailsQueued: 3 }, 201);
});

function renderComposer() {
  renderWithProviders(<MessageComposer patient={patient} />, {
    session: signedInAs('clinic'),
    api: {
      'GET /templates': TEMPLATES,
      'POST /patients/:id/messages': ({ body }: FakeRequest) => {
        sends.push(body as Sent);
        return answerSend();
      },
    },
  });
  return {
    textarea: screen.getByPlaceholderText('Type your message...'),
    send: screen.getByRole('button', { name: 'Send message' }),
    notify: screen.getByLabelText('Also notify by email'),
  };
}

describe('MessageComposer', () => {
  it('keeps the send button disabled for a blank body', async () => {
    const user = userEvent.setup();
    const { textarea, send } = renderComposer();
    expect(send).toBeDisabled();
    await user.type(textarea, '   ');
    expect(send).toBeDisabled();
    await user.type(textarea, '{Enter}');
    expect(sends).toEqual([]);
  });

  it('says at the field that a blank body is not sent, and sends once there is text', async () => {
    const user = userEvent.setup();
    const { textarea } = renderComposer();
    await user.type(textarea, '   {Enter}');
    expect(await screen.findByText(MESSAGE_TEXTS.bodyRequired)).toBeInTheDocument();
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(textarea).toHaveAccessibleDescription(new RegExp(MESSAGE_TEXTS.bodyRequired));
    expect(sends).toEqual([]);

    await user.type(textarea, 'hello');
    await waitFor(() => expect(screen.queryByText(MESSAGE_TEXTS.bodyRequired)).toBeNull());
    expect(textarea).not.toHaveAttribute('aria-invalid');
    await user.type(textarea, '{Enter}');
    await waitFor(() =>
      expect(sends).toEqual([{ body: 'hello', templateId: null, notifyByEmail: false }]),
    );
  });

  it('sends the trimmed body on Enter, adds a line on Shift+Enter, and resets the e-mail box', async () => {
    const user = userEvent.setup();
    const { textarea, notify } = renderComposer();
    await user.type(textarea, '  first line{Shift>}{Enter}{/Shift}second line  ');
    expect(textarea).toHaveValue('  first line\nsecond line  ');
    expect(sends).toEqual([]);
    await user.click(notify);
    await user.type(textarea, '{Enter}');
    await expect.poll(() => latestToast('success')).toBe('Message sent successfully');
    expect(sends).toEqual([
      { body: 'first line\nsecond line', templateId: null, notifyByEmail: true },
    ]);
    expect(textarea).toHaveValue('');
    expect(notify).not.toBeChecked();
  });

  it('allows one send at a time', async () => {
    let release: (response: Response) => void = () => undefined;
    answerSend = () => new Promise((resolve) => (release = resolve));
    const user = userEvent.setup();
    const { textarea, send } = renderComposer();
    await user.type(textarea, 'hello{Enter}');
    await waitFor(() => expect(send).toBeDisabled());
    await user.type(textarea, '{Enter}');
    expect(sends).toHaveLength(1);
    release(json({ message: {}, notifiedUsers: 0, emailStatus: 'failed', emailsQueued: 0 }, 201));
    await expect
      .poll(() => latestToast('warning'))
      .toBe('Message sent but email notifications failed');
  });

  it('keeps the text and says so when sending fails', async () => {
    answerSend = async () => apiError(500, 'INTERNAL', 'boom');
    const user = userEvent.setup();
    const { textarea } = renderComposer();
    await user.type(textarea, 'try{Enter}');
    await expect.poll(() => latestToast('error')).toBe('Failed to send message');
    expect(textarea).toHaveValue('try');
  });

  it('says a send failed even when the user left the thread before the answer', async () => {
    let fail = () => {};
    renderWithProviders(
      <Replaceable label="Overview tab" after={<p>Overview</p>}>
        <MessageComposer patient={patient} />
      </Replaceable>,
      {
        session: signedInAs('clinic'),
        api: {
          'GET /templates': TEMPLATES,
          'POST /patients/:id/messages': () =>
            new Promise<Response>((resolve) => {
              fail = () => resolve(apiError(400, 'VALIDATION', 'refused'));
            }),
        },
      },
    );
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('Type your message...'), 'on my way{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled(),
    );
    await user.click(screen.getByRole('button', { name: 'Overview tab' }));
    await act(async () => fail());
    await expect.poll(() => latestToast('error')).toBe('Failed to send message');
  });

  it('fills the text from a built-in or active admin template with the patient name', async () => {
    const user = userEvent.setup();
    const { textarea } = renderComposer();
    const picker = screen.getByLabelText('Template');
    await user.selectOptions(picker, 'Reminder');
    const filled = (textarea as HTMLTextAreaElement).value;
    expect(filled).toContain('Maria Delgado');
    expect(filled).not.toContain('{{');
    await screen.findByRole('option', { name: 'Records request' });
    expect(screen.queryByRole('option', { name: 'Retired' })).toBeNull();
    await user.selectOptions(picker, 'Records request');
    expect(textarea).toHaveValue('Records for Maria Delgado.');
    await user.type(textarea, '{Enter}');
    await waitFor(() => expect(sends).toHaveLength(1));
    expect(sends[0]).toMatchObject({ templateId: '22222222-2222-4222-8222-222222222222' });
  });
});
