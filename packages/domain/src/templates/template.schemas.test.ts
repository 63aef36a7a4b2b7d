import { describe, expect, it } from 'vitest';
import {
  renderTemplateText,
  TEMPLATE_MESSAGES,
  ZCreateTemplateRequest,
} from './template.schemas.ts';

describe('ZCreateTemplateRequest', () => {
  it('trims values and drops the subject and purpose of message templates', () => {
    expect(
      ZCreateTemplateRequest.parse({
        title: ' Hi ',
        body: ' Body ',
        templateType: 'message',
        subject: 'x',
        purpose: 'invitation',
      }),
    ).toEqual({ title: 'Hi', body: 'Body', templateType: 'message', subject: null, purpose: null });
  });

  it('requires title and body first, then an e-mail subject', () => {
    const first = (input: unknown) =>
      ZCreateTemplateRequest.safeParse(input).error?.issues[0]?.message;
    expect(first({ title: '', body: '', templateType: 'email' })).toBe(
      TEMPLATE_MESSAGES.requiredFields,
    );
    expect(first({ title: 'T', body: 'B', templateType: 'email', subject: '  ' })).toBe(
      TEMPLATE_MESSAGES.subjectRequired,
    );
    expect(
      ZCreateTemplateRequest.parse({
        title: 'T',
        body: 'B',
        templateType: 'email',
        subject: ' S ',
      }),
    ).toMatchObject({ subject: 'S', purpose: null });
  });
});

describe('renderTemplateText', () => {
  it('fills known placeholders, tolerating spaces, and leaves unknown ones', () => {
    expect(
      renderTemplateText('Hi {{ user.name }}, see {{link}} {{other}}', {
        'user.name': 'Ann',
        link: 'https://x',
      }),
    ).toBe('Hi Ann, see https://x {{other}}');
  });
  it('does not treat replacement patterns specially', () => {
    expect(renderTemplateText('{{user.name}}', { 'user.name': '$& $1' })).toBe('$& $1');
  });
});
