import { TEMPLATE_MESSAGES } from '@casebridge/domain/templates/template.schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatClockTime } from '#src/lib/format.ts';
import { LEAVE_PROMPT } from '#src/lib/unsaved-changes.tsx';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { INVITE_TEMPLATE } from '#src/test/template-fixture.ts';
import { getToasts, latestToast } from '#src/test/toasts.ts';
import { fakeVersionedRecord } from '#src/test/versioned-record.ts';
import { TemplatesTab } from './templates-tab.tsx';

const TEMPLATE = INVITE_TEMPLATE;
const DANA_AT = '2026-01-02T14:02:00.000Z';

/** The Templates tab over a fake server that checks If-Match as the real one does. */
async function openEditTemplate() {
  const record = fakeVersionedRecord(TEMPLATE);
  const result = renderWithProviders(<TemplatesTab />, {
    session: signedInAs('admin'),
    api: {
      'GET /templates': () => ({ items: [record.current] }),
      'PATCH /templates/:id': (request) => record.write(request),
    },
  });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Edit Invite mail' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Template' });
  const field = (label: string) => within(dialog).getByLabelText(label);
  const patches = () => result.api.calls.filter((call) => call.method === 'PATCH');
  const liveUpdate = () =>
    result.queryClient.invalidateQueries({ queryKey: ['admin', 'templates'] });
  return { ...result, record, user, dialog, field, patches, liveUpdate };
}

describe('Edit Template while another admin edits it', { timeout: 20_000 }, () => {
  it('shows a stale save in place and saves my values on top of theirs', async () => {
    const { record, user, dialog, field, patches } = await openEditTemplate();
    await user.clear(field('Title *'));
    await user.type(field('Title *'), 'Welcome mail');
    record.changeBy('Dana Ruiz', { body: 'Hello {{user.name}}, welcome aboard' }, DANA_AT);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    const notice = await within(dialog).findByRole('alert');
    expect(notice).toHaveTextContent(
      `Not saved: Changed by Dana Ruiz at ${formatClockTime(DANA_AT)} — review`,
    );
    // Only what Dana changed is listed, beside what the form holds.
    const rows = within(notice).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'BodyHello {{user.name}}, welcome aboardWelcome {{user.name}}',
    ]);
    expect(field('Title *')).toHaveValue('Welcome mail');
    expect(getToasts('error')).toEqual([]);
    expect(record.current).toMatchObject({ title: 'Invite mail', version: 2 });

    await user.click(within(notice).getByRole('button', { name: 'Keep my changes on top' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(field('Title *')).toHaveValue('Welcome mail');
    expect(field('Body *')).toHaveValue('Hello {{user.name}}, welcome aboard');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await expect.poll(() => latestToast('success')).toBe(TEMPLATE_MESSAGES.updated);
    expect(screen.queryByRole('dialog', { name: 'Edit Template' })).toBeNull();
    expect(patches().map((call) => call.headers['if-match'])).toEqual(['"1"', '"2"']);
    expect(record.current).toMatchObject({
      title: 'Welcome mail',
      body: 'Hello {{user.name}}, welcome aboard',
      version: 3,
    });
  });

  it('keeps typed values over a live change, and an untouched form follows it', async () => {
    const { record, user, dialog, field, liveUpdate } = await openEditTemplate();
    await user.type(field('Email subject *'), ' to CaseBridge');
    record.changeBy('Dana Ruiz', { title: 'Invitation' }, DANA_AT);
    await liveUpdate();

    const notice = await within(dialog).findByRole('status');
    expect(notice).toHaveTextContent(
      `Changed by Dana Ruiz at ${formatClockTime(DANA_AT)} — review`,
    );
    expect(field('Email subject *')).toHaveValue('Welcome to CaseBridge');
    expect(field('Title *')).toHaveValue('Invite mail');
    await user.click(within(notice).getByRole('button', { name: 'review' }));
    expect(within(notice).getByRole('row', { name: /Title/ })).toHaveTextContent(
      'TitleInvitationInvite mail',
    );

    await user.click(within(notice).getByRole('button', { name: 'Use their version' }));
    expect(field('Title *')).toHaveValue('Invitation');
    expect(field('Email subject *')).toHaveValue('Welcome');
    expect(within(dialog).queryByRole('status')).toBeNull();

    record.changeBy('Dana Ruiz', { title: 'Invitation to CaseBridge' });
    await liveUpdate();
    await expect.poll(() => field('Title *')).toHaveValue('Invitation to CaseBridge');
    expect(within(dialog).queryByRole('status')).toBeNull();
  });

  it('asks before closing over unsaved changes', async () => {
    const { user, dialog, field, patches } = await openEditTemplate();
    await user.type(field('Body *'), '!');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const question = await screen.findByRole('alertdialog', { name: LEAVE_PROMPT.title });
    await user.click(within(question).getByRole('button', { name: LEAVE_PROMPT.stay }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(field('Body *')).toHaveValue('Welcome {{user.name}}!');

    await user.keyboard('{Escape}');
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: LEAVE_PROMPT.leave,
      }),
    );
    expect(screen.queryByRole('dialog', { name: 'Edit Template' })).toBeNull();
    expect(patches()).toEqual([]);
  });

  it('refuses a stale Deactivate with who changed it, then shows the template as it is', async () => {
    const { record, user, patches } = await openEditTemplate();
    await user.keyboard('{Escape}');
    record.changeBy('Dana Ruiz', { active: false, title: 'Invitation' }, DANA_AT);
    await user.click(screen.getByRole('button', { name: 'Deactivate Invite mail' }));

    await expect
      .poll(() => latestToast('error'))
      .toBe(
        `Not changed: Dana Ruiz changed "Invite mail" at ${formatClockTime(DANA_AT)}. Check it and try again.`,
      );
    expect(await screen.findByRole('button', { name: 'Activate Invitation' })).toBeVisible();
    expect(patches().map((call) => [call.body, call.headers['if-match']])).toEqual([
      [{ active: false }, '"1"'],
    ]);
    expect(record.current.version).toBe(2);
  });
});
