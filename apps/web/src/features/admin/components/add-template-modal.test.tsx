import { TEMPLATE_MESSAGES } from '@casebridge/domain/templates/template.schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { AddTemplateModal } from './add-template-modal.tsx';

function renderModal() {
  return renderWithProviders(<AddTemplateModal isOpen onClose={() => undefined} />, {
    session: signedInAs('admin'),
    api: { 'POST /templates': ({ body }) => json({ ...(body as object), id: 'new' }, 201) },
  }).api;
}

describe('AddTemplateModal', () => {
  it('requires title and body, then a subject for e-mail templates, sending nothing', async () => {
    const api = renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Add Template' });
    const create = within(dialog).getByRole('button', { name: 'Create Template' });
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'email');
    await user.click(create);
    await expect.poll(() => latestToast('error')).toBe(TEMPLATE_MESSAGES.requiredFields);
    expect(within(dialog).getByLabelText('Title *')).toHaveFocus();
    expect(within(dialog).getByLabelText('Body *')).toHaveAccessibleDescription(
      `Placeholders: {{patient.name}} ${TEMPLATE_MESSAGES.requiredFields}`,
    );

    await user.type(within(dialog).getByLabelText('Title *'), 'Visit summary');
    await user.type(within(dialog).getByLabelText('Body *'), '  Summary  ');
    await user.click(create);
    await expect.poll(() => latestToast('error')).toBe(TEMPLATE_MESSAGES.subjectRequired);
    const subject = within(dialog).getByLabelText('Email subject *');
    expect(subject).toHaveFocus();
    expect(subject).toHaveAccessibleDescription(TEMPLATE_MESSAGES.subjectRequired);
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('sends the trimmed template, with its purpose, once valid', async () => {
    const api = renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Add Template' });
    await user.type(within(dialog).getByLabelText('Title *'), ' Invite ');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'email');
    await user.type(within(dialog).getByLabelText('Email subject *'), ' Welcome ');
    await user.selectOptions(within(dialog).getByLabelText('Used for'), 'invitation');
    await user.type(within(dialog).getByLabelText('Body *'), 'Hello {{{{user.name}}');
    expect(within(dialog).getByLabelText('Body *')).toHaveAccessibleDescription(
      'Placeholders: {{user.name}}, {{link}}',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create Template' }));

    await expect.poll(() => latestToast('success')).toBe(TEMPLATE_MESSAGES.created);
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      {
        title: 'Invite',
        body: 'Hello {{user.name}}',
        templateType: 'email',
        subject: 'Welcome',
        purpose: 'invitation',
      },
    ]);
  });
});
