import type { TMessageTemplate } from '@casebridge/domain/templates/template.schemas';

/** An active invitation e-mail template at its first version, for the template screens' tests. */
export const INVITE_TEMPLATE: TMessageTemplate = {
  id: '55555555-5555-4555-8555-555555555555',
  title: 'Invite mail',
  body: 'Welcome {{user.name}}',
  templateType: 'email',
  subject: 'Welcome',
  purpose: 'invitation',
  active: true,
  createdByName: 'Avery Admin',
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 1,
  updatedAt: '2026-01-01T00:00:00.000Z',
  updatedByName: null,
};
