import { describe, expect, it } from 'vitest';
import { createSseParser, getUpdatedPatientId, type SseMessage } from './fanout-sse.ts';

describe('createSseParser', () => {
  it('joins messages split across chunks and skips comments', () => {
    const messages: SseMessage[] = [];
    const feed = createSseParser((message) => messages.push(message));
    feed('retry: 2000\n\n: connected\n\nid: 7\nevent: cha');
    feed('nge\ndata: {"id":7}\n\n: ping\n\ndata: a\r\ndata: b\r\n\r\n');
    expect(messages).toEqual([
      { event: 'change', data: '{"id":7}' },
      { event: 'message', data: 'a\nb' },
    ]);
  });
});

describe('getUpdatedPatientId', () => {
  it('reads the patient of a patient.updated event and ignores other topics', () => {
    const change = (topic: string) => ({
      event: 'change',
      data: JSON.stringify({ id: 1, topic, patientId: 'p1', payload: null }),
    });
    expect(getUpdatedPatientId(change('patient.updated'))).toBe('p1');
    expect(getUpdatedPatientId(change('notification.created'))).toBeNull();
    expect(
      getUpdatedPatientId({ event: 'patient.updated', data: '{"payload":{"patientId":"p2"}}' }),
    ).toBe('p2');
  });
});
