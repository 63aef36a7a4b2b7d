import type { TVersioned } from '@casebridge/domain/versioning/versioning';
import { VERSION_MESSAGES, formatEtag } from '@casebridge/domain/versioning/versioning';
import { json, type FakeRequest } from './fake-api.ts';

export type FakeVersionedRecord<T extends TVersioned> = {
  /** The record as the fake server now holds it. */
  readonly current: T;
  /** Someone else's write: the next version, made by `byName` at `at`. */
  changeBy: (byName: string, values: Partial<T>, at?: string) => T;
  /**
   * Answers a write as the server does: a wrong or missing `If-Match` gets 409 with the record
   * as it is (the server answers 428 without one; no form here sends none), a matching one
   * saves the body as the next version by `byName`.
   */
  write: (request: FakeRequest, byName?: string) => Response;
};

/** A versioned record behind the fake API, for tests of edit forms under concurrent change. */
export function fakeVersionedRecord<T extends TVersioned>(initial: T): FakeVersionedRecord<T> {
  let current = initial;
  const next = (byName: string, values: Partial<T>, at = new Date().toISOString()) => {
    current = {
      ...current,
      ...values,
      version: current.version + 1,
      updatedAt: at,
      updatedByName: byName,
    };
    return current;
  };
  return {
    get current() {
      return current;
    },
    changeBy: next,
    write: (request, byName = 'Avery Admin') => {
      if (request.headers['if-match'] !== formatEtag(current.version)) {
        return json({ error: { code: 'CONFLICT', message: VERSION_MESSAGES.stale }, current }, 409);
      }
      return json(next(byName, request.body as Partial<T>));
    },
  };
}
