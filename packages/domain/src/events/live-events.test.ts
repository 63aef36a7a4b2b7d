import { describe, expect, it } from 'vitest';
import {
  LIVE_EVENT_AUDIENCES,
  LIVE_EVENT_PAYLOADS,
  LIVE_EVENT_TOPICS,
  parseLiveEvent,
} from './live-events.ts';

const PATIENT = '0b0c5f5e-3f59-4c36-9a57-0d2f0d6b9b11';
const frame = (topic: string, payload: unknown = {}, patientId: string | null = PATIENT) => ({
  id: 7,
  topic,
  patientId,
  payload,
});

describe('the live-event contract', () => {
  it('gives every topic an audience and a payload schema', () => {
    expect(Object.keys(LIVE_EVENT_PAYLOADS).toSorted()).toEqual(LIVE_EVENT_TOPICS.toSorted());
    for (const topic of LIVE_EVENT_TOPICS) {
      const event = parseLiveEvent(
        frame(topic, topic === 'document.created' ? { documentId: 'd', category: 'MRI' } : {}),
      );
      if (!event && LIVE_EVENT_PAYLOADS[topic].safeParse({}).success)
        throw new Error(`${topic} with an empty payload should parse`);
      expect(LIVE_EVENT_AUDIENCES[topic]).toBeDefined();
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

  it('sends a re-categorised or removed document to the readers of either category', () => {
    expect(LIVE_EVENT_AUDIENCES['document.changed']).toBe('patient');
    const event = parseLiveEvent(
      frame('document.changed', { documentId: 'd', categories: ['MRI', 'Intake'] }),
    );
    expect(event?.payload).toEqual({ documentId: 'd', categories: ['MRI', 'Intake'] });
    expect(parseLiveEvent(frame('document.changed', { documentId: 'd', categories: [] }))).toBe(
      null,
    );
    expect(
      parseLiveEvent(frame('document.changed', { documentId: 'd', categories: ['Secret'] })),
    ).toBeNull();
  });

  it('carries no text of an edited or retracted message', () => {
    const event = parseLiveEvent(frame('message.changed', { messageId: 'm', body: 'secret' }));
    expect(event?.payload).toEqual({ messageId: 'm' });
  });

  it('carries no figures of an edited or voided billing line', () => {
    const event = parseLiveEvent(frame('billing.changed', { entryId: 'e', amountCents: 100 }));
    expect(event?.payload).toEqual({ entryId: 'e' });
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
