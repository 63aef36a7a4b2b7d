import { MESSAGES } from '@casebridge/domain/errors';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, type FakeRequest } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { latestToast } from '#src/test/toasts.ts';
import { AccessRequestForm } from './access-request-form.tsx';

const CREATED = { id: '55555555-5555-4555-8555-555555555555', status: 'pending' };

function renderForm(answer: () => unknown = () => json(CREATED, 201)) {
  const sent: unknown[] = [];
  renderWithProviders(<AccessRequestForm />, {
    route: '/signup',
    api: {
      'POST /access-requests': ({ body }: FakeRequest) => {
        sent.push(body);
        return answer();
      },
    },
  });
  return { sent, submit: screen.getByRole('button', { name: 'Request Access' }) };
}

async function fillIn(values: Partial<Record<string, string>>) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) {
    if (label === 'Role') await user.selectOptions(screen.getByLabelText('Role'), value ?? '');
    else if (value) await user.type(screen.getByLabelText(label), value);
  }
  return user;
}

const COMPLETE = {
  'Full name': 'Jordan Lee',
  Email: 'Jordan@LeePhysio.example',
  Organization: 'Lee Physio',
  Phone: '555-0100',
  Role: 'clinic',
};

describe('AccessRequestForm', () => {
  it('toasts the spec message, marks every blank field, focuses the first, and sends nothing', async () => {
    const { sent, submit } = renderForm();
    const user = await fillIn({ Organization: 'Lee Physio' });
    await user.click(submit);
    await expect.poll(() => latestToast('error')).toBe(MESSAGES.signupFieldsRequired);
    for (const label of ['Full name', 'Email', 'Phone', 'Role']) {
      const control = screen.getByLabelText(label);
      expect(control).toHaveAttribute('aria-invalid', 'true');
      expect(control).toHaveAccessibleDescription(MESSAGES.signupFieldsRequired);
    }
    expect(screen.getByLabelText('Organization')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Full name')).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('checks the e-mail address once every field is filled, as the server does', async () => {
    const { sent, submit } = renderForm();
    const user = await fillIn({ ...COMPLETE, Email: 'jordan@', Phone: '' });
    await user.click(submit);
    await expect.poll(() => latestToast('error')).toBe(MESSAGES.signupFieldsRequired);

    await user.type(screen.getByLabelText('Phone'), '555-0100');
    await user.click(submit);
    await expect.poll(() => latestToast('error')).toBe('Please enter a valid email address');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Please enter a valid email address',
    );
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('sends a complete request, trimmed and lowercased, and confirms it', async () => {
    const { sent, submit } = renderForm();
    const user = await fillIn({ ...COMPLETE, 'Full name': '  Jordan Lee ' });
    await user.click(submit);
    await expect.poll(() => latestToast('success')).toBe(MESSAGES.signupSucceeded);
    expect(sent).toEqual([
      {
        name: 'Jordan Lee',
        email: 'jordan@leephysio.example',
        organization: 'Lee Physio',
        phone: '555-0100',
        role: 'clinic',
      },
    ]);
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.signupConfirmation);
  });

  it('keeps what was typed when the request fails', async () => {
    const { submit } = renderForm(() => apiError(503, 'UNAVAILABLE', 'down'));
    const user = await fillIn(COMPLETE);
    await user.click(submit);
    await expect.poll(() => latestToast('error')).toBe(MESSAGES.signupFailed);
    expect(screen.getByLabelText('Full name')).toHaveValue('Jordan Lee');
  });
});
