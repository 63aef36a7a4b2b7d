import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from './live-events.ts';
import { beginWrite, endWrite } from './write-origin.ts';

const frame = (topic: string, patientId: string | null = 'p1', payload: unknown = {}) => ({
  id: 1,
  topic,
  patientId,
  payload,
});

/** A cached query that reads one patient's record, as the patient pages declare theirs. */
function cachePatientQuery(client: QueryClient, queryKey: unknown[], patientId: string) {
  client.getQueryCache().build(client, { queryKey, meta: { patientId } });
  client.setQueryData(queryKey, { id: patientId });
}

function cachedClient() {
  const client = new QueryClient();
  cachePatientQuery(client, ['patients', 'detail', 'p1'], 'p1');
  client.setQueryData(['messages', 'p2'], []);
  client.setQueryData(['notifications'], []);
  return client;
}
const isStale = (client: QueryClient, key: unknown[]) =>
  client.getQueryState(key)?.isInvalidated ?? false;

describe('applyLiveEvent', () => {
  it('invalidates only the queries the contract names for the topic', () => {
    const client = cachedClient();
    applyLiveEvent(client, frame('patient.updated'));
    expect(isStale(client, ['patients', 'detail', 'p1'])).toBe(true);
    expect(isStale(client, ['notifications'])).toBe(true);
    expect(isStale(client, ['messages', 'p2'])).toBe(false);
  });

  it("invalidates a patient's messages by the event's patient", () => {
    const client = cachedClient();
    applyLiveEvent(client, frame('message.created', 'p2', { messageId: 'm1' }));
    expect(isStale(client, ['messages', 'p2'])).toBe(true);
    expect(isStale(client, ['patients', 'detail', 'p1'])).toBe(false);
  });

  it("leaves another patient's queries alone, though the prefix covers them", () => {
    const client = cachedClient();
    cachePatientQuery(client, ['patients', 'detail', 'p2'], 'p2');
    cachePatientQuery(client, ['billing', 'history', 'p2'], 'p2');
    client.setQueryData(['patients', 'list', {}], { items: [] });
    client.setQueryData(['billing', 'summary'], {});
    applyLiveEvent(client, frame('patient.updated', 'p1'));
    applyLiveEvent(client, frame('billing.created', 'p1', { entryId: 'b1' }));
    expect(isStale(client, ['patients', 'detail', 'p1'])).toBe(true);
    expect(isStale(client, ['patients', 'list', {}])).toBe(true);
    expect(isStale(client, ['billing', 'summary'])).toBe(true);
    expect(isStale(client, ['patients', 'detail', 'p2'])).toBe(false);
    expect(isStale(client, ['billing', 'history', 'p2'])).toBe(false);
  });

  it("refreshes the patient's own queries whatever the case of the page's id", () => {
    const client = new QueryClient();
    const id = 'a1b2c3d4-0000-4000-8000-00000000abcd';
    cachePatientQuery(client, ['patients', 'detail', id.toUpperCase()], id.toUpperCase());
    applyLiveEvent(client, frame('patient.updated', id));
    expect(isStale(client, ['patients', 'detail', id.toUpperCase()])).toBe(true);
  });

  it('invalidates every patient for an event about no one patient', () => {
    const client = cachedClient();
    cachePatientQuery(client, ['patients', 'detail', 'p2'], 'p2');
    applyLiveEvent(client, frame('organization.changed', null));
    expect(isStale(client, ['patients', 'detail', 'p1'])).toBe(true);
    expect(isStale(client, ['patients', 'detail', 'p2'])).toBe(true);
  });

  it('ignores frames that do not match the contract', () => {
    const client = cachedClient();
    applyLiveEvent(client, frame('unknown.topic'));
    applyLiveEvent(client, frame('message.created', 'p2', {}));
    applyLiveEvent(client, 'garbage');
    expect(isStale(client, ['messages', 'p2'])).toBe(false);
    expect(isStale(client, ['patients', 'detail', 'p1'])).toBe(false);
  });

  describe("an event of this tab's own write", () => {
    const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

    it('spares what the answer refreshed and refetches the rest', async () => {
      const client = cachedClient();
      cachePatientQuery(client, ['patients', 'detail', 'p2'], 'p2');
      client.setQueryData(['patients', 'stats'], { total: 1 });
      await settle();
      const origin = beginWrite();
      // The event comes back before the answer: it waits for the answer to be handled.
      applyLiveEvent(client, { ...frame('patient.updated'), origin });
      await settle();
      expect(isStale(client, ['patients', 'stats'])).toBe(false);
      endWrite(origin);
      client.setQueryData(['patients', 'detail', 'p1'], { id: 'p1', version: 2 });
      await settle();
      expect(isStale(client, ['patients', 'detail', 'p1'])).toBe(false);
      expect(isStale(client, ['patients', 'stats'])).toBe(true);
      expect(isStale(client, ['notifications'])).toBe(true);
      expect(isStale(client, ['patients', 'detail', 'p2'])).toBe(false);
    });

    it("treats another tab's write as anyone else's", () => {
      const client = cachedClient();
      applyLiveEvent(client, { ...frame('patient.updated'), origin: 'othertab0000.1' });
      expect(isStale(client, ['patients', 'detail', 'p1'])).toBe(true);
    });
  });
});
