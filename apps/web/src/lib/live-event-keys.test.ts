import {
  LIVE_EVENT_AUDIENCES,
  LIVE_EVENT_PAYLOADS,
  LIVE_EVENT_TOPICS,
  parseLiveEvent,
  type TLiveEvent,
} from '@casebridge/domain/events/live-events';
import { describe, expect, it } from 'vitest';
import { getStaleQueryKeys } from './live-event-keys.ts';

const PATIENT = '0b0c5f5e-3f59-4c36-9a57-0d2f0d6b9b11';
const frame = (topic: string, payload: unknown = {}, patientId: string | null = PATIENT) => ({
  id: 7,
  topic,
  patientId,
  payload,
});

describe('getStaleQueryKeys', () => {
  it('makes something stale for every topic a browser receives, and nothing for the others', () => {
    const staleCounts = LIVE_EVENT_TOPICS.map((topic) => {
      const event = parseLiveEvent(
        frame(topic, topic === 'document.created' ? { documentId: 'd', category: 'MRI' } : {}),
      );
      return { topic, count: event ? getStaleQueryKeys(event).length : null };
    });
    for (const { topic, count } of staleCounts) {
      if (count === null) expect(LIVE_EVENT_PAYLOADS[topic].safeParse({}).success).toBe(false);
      else if (LIVE_EVENT_AUDIENCES[topic] === 'webhooks') expect(count).toBe(0);
      else expect(count).toBeGreaterThan(0);
    }
  });

  it('maps each topic to the query keys it makes stale', () => {
    const keysOf = (event: TLiveEvent) => getStaleQueryKeys(event);
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

  it('refreshes the readers of either category after a document is re-categorised or removed', () => {
    const event = parseLiveEvent(
      frame('document.changed', { documentId: 'd', categories: ['MRI', 'Intake'] }),
    );
    expect(event && getStaleQueryKeys(event)).toEqual([
      ['documents', PATIENT],
      ['patients'],
      ['notifications'],
      ['activity', PATIENT],
    ]);
  });

  it('refreshes the thread after an edit or a retraction', () => {
    const event = parseLiveEvent(frame('message.changed', { messageId: 'm' }));
    expect(event && getStaleQueryKeys(event)).toEqual([
      ['messages', PATIENT],
      ['activity', PATIENT],
    ]);
  });

  it('refreshes totals, lienholder figures, the limits and open histories after a billing edit or void', () => {
    const event = parseLiveEvent(frame('billing.changed', { entryId: 'e' }));
    expect(event && getStaleQueryKeys(event)).toEqual([
      ['billing'],
      ['liens'],
      ['case-facts', PATIENT],
      ['activity', PATIENT],
    ]);
  });

  it("refreshes the patient's Case tab, the lists' stage and the feed when its case facts are saved", () => {
    const event = parseLiveEvent(frame('case-facts.changed'));
    expect(event && getStaleQueryKeys(event)).toEqual([
      ['case-facts', PATIENT],
      ['case-updates', PATIENT],
      ['patients'],
      ['activity', PATIENT],
    ]);
  });

  it('refreshes the case updates, the overdue counts and the feed after a note or an ask', () => {
    const event = parseLiveEvent(frame('case-updates.changed'));
    expect(event && getStaleQueryKeys(event)).toEqual([
      ['case-updates'],
      ['patients'],
      ['activity', PATIENT],
    ]);
  });

  it('refreshes the referral queue, the sent list and the patient lists when a referral changes', () => {
    const event = parseLiveEvent(frame('referral.changed', { referralId: 'r' }, null));
    expect(event && getStaleQueryKeys(event)).toEqual([['referrals'], ['patients']]);
  });

  it('refreshes every visit list, the patient and its feed when a visit changes', () => {
    const event = parseLiveEvent(frame('visit.changed', { visitId: 'v' }));
    expect(event && getStaleQueryKeys(event)).toEqual([
      ['visits'],
      ['patients'],
      ['activity', PATIENT],
    ]);
  });

  it('makes a whole feature stale for an event about no one patient', () => {
    const keysOf = (topic: string, payload: unknown = {}) => {
      const event = parseLiveEvent(frame(topic, payload, null));
      return event && getStaleQueryKeys(event);
    };
    expect(keysOf('message.read', { count: 1 })).toEqual([['messages']]);
    expect(keysOf('settings.changed')).toEqual([['session'], ['admin'], ['documents']]);
    expect(keysOf('lien.changed', { lienholderId: 'l' })).toEqual([['liens'], ['settlements']]);
    expect(keysOf('patient.access-changed')).toEqual([['access-grants']]);
  });
});
