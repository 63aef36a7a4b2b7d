import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent, getInvalidatedKeys } from './live-events.ts';

const event = (topic: string, patientId: string | null = 'p1') => ({
  id: 1,
  topic,
  patientId,
  payload: {},
});

describe('live events', () => {
  it('maps each topic to the query keys it makes stale', () => {
    expect(getInvalidatedKeys(event('patient.updated'))).toEqual([['patients'], ['notifications']]);
    expect(getInvalidatedKeys(event('message.created'))).toEqual([['messages', 'p1']]);
    expect(getInvalidatedKeys(event('document.created'))).toEqual([
      ['documents', 'p1'],
      ['patients'],
    ]);
    expect(getInvalidatedKeys(event('notification.created', null))).toEqual([['notifications']]);
    expect(getInvalidatedKeys(event('unknown.topic'))).toEqual([]);
  });

  it('invalidates only the matching queries', async () => {
    const client = new QueryClient();
    client.setQueryData(['patients', 'detail', 'p1'], { id: 'p1' });
    client.setQueryData(['messages', 'p2'], []);
    applyLiveEvent(client, event('patient.updated'));
    expect(client.getQueryState(['patients', 'detail', 'p1'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['messages', 'p2'])?.isInvalidated).toBe(false);
  });
});
