import { describe, expect, it } from 'vitest';
import { MESSAGE_TEXTS, ZSendMessageRequest } from './message.schemas.ts';

describe('send message (spec section 5)', () => {
  it('trims the body and defaults the e-mail flag to off', () => {
    expect(ZSendMessageRequest.parse({ body: '  hello\nthere  ' })).toEqual({
      body: 'hello\nthere',
      notifyByEmail: false,
    });
  });

  it.each(['', '   ', '\n\t '])('refuses the blank body %j', (body) => {
    const result = ZSendMessageRequest.safeParse({ body });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGE_TEXTS.bodyRequired);
  });

  it('accepts only a UUID as template id', () => {
    expect(ZSendMessageRequest.safeParse({ body: 'x', templateId: 'intro' }).success).toBe(false);
  });
});
