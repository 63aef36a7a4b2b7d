import { describe, expect, it } from 'vitest';
import {
  LIVE_EVENT_AUDIENCES,
  LIVE_EVENT_PAYLOADS,
  LIVE_EVENT_TOPICS,
  getInvalidatedQueryKeys,
  parseLiveEvent,
  type TLiveEvent,
} from './live-events.ts';

const PATIENT = '0b0c5f5e-3f59-4c36-9a57-0d2f0d6b9b11';
const frame = (topic: string, payload: unknown = {}, patientId: string | null = PATIENT) => ({
  id: 7,
  topic,
  patientId,
  payload,
});

describe('the live-event contract', () => {
  it('gives every topic an audience, a payload schema and its stale queries', () => {
    expect(Object.keys(LIVE_EVENT_PAYLOADS).toSorted()).toEqual(LIVE_EVENT_TOPICS.toSorted());
    for (const topic of LIVE_EVENT_TOPICS) {
      const event = parseLiveEvent(
        frame(topic, topic === 'document.created' ? { documentId: 'd', category: 'MRI' } : {}),
      );
      if (!event && LIVE_EVENT_PAYLOADS[topic].safeParse({}).success)
        throw new Error(`${topic} with an empty payload should parse`);
      // Events no browser receives make nothing stale.
      if (event && LIVE_EVENT_AUDIENCES[topic] === 'webhooks')
        expect(getInvalidatedQueryKeys(event)).toEqual([]);
      else if (event) expect(getInvalidatedQueryKeys(event).length).toBeGreaterThan(0);
    }
  });

  it('sends patient events to the patient audience and user changes to admins only', () => {
    expect(LIVE_EVENT_AUDIENCES['patient.updated']).toBe('patient');
    expect(LIVE_EVENT_AUDIENCES['document.created']).toBe('patient');
    expect(LIVE_EVENT_AUDIENCES['notification.created']).toBe('recipients');
    expect(LIVE_EVENT_AUDIENCES['user.changed']).toBe('admins');
    expect(LIVE_EVENT_AUDIENCES['access-request.created']).toBe('admins');
    expect(LIVE_EVENT_AUDIENCES['settings.changed']).toBe('everyone');
  });

  it('maps each topic to the query keys it makes stale', () => {
    const keysOf = (event: TLiveEvent) => getInvalidatedQueryKeys(event);
    expect(keysOf({ id: 1, topic: 'patient.updated', patientId: PATIENT, payload: {} })).toEqual([
      ['patients'],
      ['notifications'],
      ['activity', PATIENT],
    ]);
    expect(
      keysOf({ id: 1, topic: 'message.created', patientId: PATIENT, payload: { messageId: 'm' } }),
    ).toEqual([
      ['messages', PATIENT],
      ['activity', PATIENT],
    ]);
    expect(
      keysOf({
        id: 1,
        topic: 'document.created',
        patientId: PATIENT,
        payload: { documentId: 'd', category: 'Intake' },
      }),
    ).toEqual([['documents', PATIENT], ['patients'], ['activity', PATIENT]]);
    expect(
      keysOf({
        id: 1,
        topic: 'notification.created',
        patientId: null,
        payload: { type: 'message' },
      }),
    ).toEqual([['notifications']]);
  });

  it('sends a re-categorised or removed document to the readers of either category', () => {
    expect(LIVE_EVENT_AUDIENCES['document.changed']).toBe('patient');
    const event = parseLiveEvent(
      frame('document.changed', { documentId: 'd', categories: ['MRI', 'Intake'] }),
    );
    expect(event && getInvalidatedQueryKeys(event)).toEqual([
      ['documents', PATIENT],
      ['patients'],
      ['notifications'],
      ['activity', PATIENT],
    ]);
    expect(parseLiveEvent(frame('document.changed', { documentId: 'd', categories: [] }))).toBe(
      null,
    );
    expect(
      parseLiveEvent(frame('document.changed', { documentId: 'd', categories: ['Secret'] })),
    ).toBeNull();
  });

  it('refreshes the thread after an edit or a retraction, whose event carries no text', () => {
    const event = parseLiveEvent(frame('message.changed', { messageId: 'm', body: 'secret' }));
    expect(event?.payload).toEqual({ messageId: 'm' });
    expect(event && getInvalidatedQueryKeys(event)).toEqual([
      ['messages', PATIENT],
      ['activity', PATIENT],
    ]);
  });

  it('refreshes totals, lienholder figures and open histories after a billing edit or void', () => {
    const event = parseLiveEvent(frame('billing.changed', { entryId: 'e', amountCents: 100 }));
    expect(event?.payload).toEqual({ entryId: 'e' });
    expect(event && getInvalidatedQueryKeys(event)).toEqual([
      ['billing'],
      ['liens'],
      ['activity', PATIENT],
    ]);
  });

  it('refuses frames that do not match the contract, and topics it does not know', () => {
    expect(parseLiveEvent(frame('unknown.topic'))).toBeNull();
    expect(parseLiveEvent(frame('document.created', { documentId: 'd' }))).toBeNull();
    expect(
      parseLiveEvent(frame('document.created', { documentId: 'd', category: 'Secret' })),
    ).toBeNull();
    expect(parseLiveEvent({ topic: 'patient.updated' })).toBeNull();
    expect(parseLiveEvent('not an object')).toBeNull();
    expect(parseLiveEvent(frame('patient.updated'))).toEqual(frame('patient.updated'));
  });
});
