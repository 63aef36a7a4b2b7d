import { TEMPLATE_MESSAGES } from '@casebridge/domain/templates/template.schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { INVITE_TEMPLATE } from '#src/test/template-fixture.ts';
import { latestToast } from '#src/test/toasts.ts';
import { EditTemplateModal } from './edit-template-modal.tsx';

const TEMPLATE = INVITE_TEMPLATE;

function renderModal() {
  let closed = 0;
  const { api } = renderWithProviders(
    <EditTemplateModal template={TEMPLATE} onClose={() => (closed += 1)} />,
    {
      session: signedInAs('admin'),
      api: {
        'PATCH /templates/:id': ({ body }) =>
          json({ ...TEMPLATE, ...(body as object), version: 2 }),
      },
    },
  );
  return { api, closed: () => closed };
}

describe('EditTemplateModal', () => {
  it('starts from the template and checks as Add Template does, sending nothing', async () => {
    const { api } = renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Edit Template' });
    expect(within(dialog).getByLabelText('Title *')).toHaveValue('Invite mail');
    expect(within(dialog).getByLabelText('Body *')).toHaveAccessibleDescription(
      'Placeholders: {{user.name}}, {{link}}',
    );
    // The type is the template's own: no Type or Used for choice here.
    expect(within(dialog).queryByLabelText('Type')).toBeNull();
    await user.clear(within(dialog).getByLabelText('Email subject *'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await expect.poll(() => latestToast('error')).toBe(TEMPLATE_MESSAGES.subjectRequired);
    expect(within(dialog).getByLabelText('Email subject *')).toHaveFocus();
    expect(api.calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('sends the trimmed title, subject and body with the type and version, then closes', async () => {
    const { api, closed } = renderModal();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Edit Template' });
    const title = within(dialog).getByLabelText('Title *');
    await user.clear(title);
    await user.type(title, ' Welcome mail ');
    await user.type(within(dialog).getByLabelText('Email subject *'), ' to CaseBridge');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await expect.poll(() => latestToast('success')).toBe(TEMPLATE_MESSAGES.updated);
    expect(closed()).toBe(1);
    expect(
      api.calls.filter((call) => call.method === 'PATCH').map((call) => [call.path, call.body]),
    ).toEqual([
      [
        `/templates/${TEMPLATE.id}`,
        {
          title: 'Welcome mail',
          body: 'Welcome {{user.name}}',
          templateType: 'email',
          subject: 'Welcome to CaseBridge',
        },
      ],
    ]);
    // Made from the version the form started from.
    expect(api.calls.find((call) => call.method === 'PATCH')?.headers['if-match']).toBe('"1"');
  });
});
