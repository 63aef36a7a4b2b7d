import { ADMIN_MESSAGE_TEXTS, MESSAGE_TEXTS } from '@casebridge/domain/messages/message.schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { getToasts, latestToast } from '#src/test/toasts.ts';
import { SendMessageModal } from './send-message-modal.tsx';

const PATIENT = { id: '33333333-3333-4333-8333-333333333333', fullName: 'Maria Delgado' };

function renderModal() {
  return renderWithProviders(<SendMessageModal isOpen onClose={() => undefined} />, {
    session: signedInAs('admin'),
    api: {
      'GET /patients': {
        items: [PATIENT],
        total: 1,
        isTotalCapped: false,
        nextCursor: null,
        previousCursor: null,
      },
      'GET /templates': { items: [] },
      'POST /patients/:patientId/messages': () => json({}, 201),
    },
  }).api;
}

const sends = (api: ReturnType<typeof renderModal>) =>
  api.calls.filter((call) => call.method === 'POST');

describe('SendMessageModal', () => {
  it('asks for a patient, then a message, at their fields, sending nothing', async () => {
    const api = renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Send Message' });
    const send = within(dialog).getByRole('button', { name: 'Send Message' });
    await user.click(send);
    const patient = within(dialog).getByLabelText('Patient *');
    expect(patient).toHaveAccessibleDescription(ADMIN_MESSAGE_TEXTS.patientRequired);
    expect(patient).toHaveFocus();
    expect(within(dialog).getByLabelText('Message *')).toHaveAccessibleDescription(
      MESSAGE_TEXTS.bodyRequired,
    );

    await user.selectOptions(
      patient,
      await within(dialog).findByRole('option', { name: PATIENT.fullName }),
    );
    await user.type(within(dialog).getByLabelText('Message *'), '   ');
    await user.click(send);
    expect(within(dialog).getByLabelText('Message *')).toHaveFocus();
    expect(patient).not.toHaveAttribute('aria-invalid');
    expect(getToasts('error')).toEqual([]);
    expect(sends(api)).toEqual([]);
  });

  it("sends a built-in template's text to the patient without a template id", async () => {
    const api = renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Send Message' });
    await user.selectOptions(
      within(dialog).getByLabelText('Patient *'),
      await within(dialog).findByRole('option', { name: PATIENT.fullName }),
    );
    await user.selectOptions(within(dialog).getByLabelText('Template (optional)'), 'intro');
    expect(within(dialog).getByLabelText('Message *')).toHaveDisplayValue(
      /our shared patient Maria Delgado/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));

    await expect.poll(() => latestToast('success')).toBe(MESSAGE_TEXTS.sent);
    expect(sends(api).map(({ path, body }) => ({ path, body }))).toEqual([
      {
        path: `/patients/${PATIENT.id}/messages`,
        body: {
          body: expect.stringContaining('our shared patient Maria Delgado') as string,
          templateId: null,
        },
      },
    ]);
  });
});
