import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TOKEN_EXCLUDED_CAPABILITIES } from '@casebridge/domain/capabilities';
import { SESSION_TIMEOUT_MINUTES, UPLOAD_LIMIT_MB } from '@casebridge/domain/constants';
import { ERROR_STATUS } from '@casebridge/domain/errors';
import {
  API_TOKEN_DEFAULT_LIFETIME_DAYS,
  API_TOKEN_MAX_LIFETIME_DAYS,
  API_TOKEN_PREFIX_LENGTH,
  API_TOKEN_SECRET_PREFIX,
} from '@casebridge/domain/api-tokens/api-token.schemas';
import {
  LIVE_EVENT_AUDIENCES,
  LIVE_EVENT_PAYLOADS,
  LIVE_EVENT_TOPICS,
} from '@casebridge/domain/events/live-events';
import {
  WEBHOOK_EVENT_SOURCES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_HEADERS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RESPONSE_KEEP_BYTES,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_SECRET_PREFIX,
} from '@casebridge/domain/webhooks/webhook.schemas';
import {
  HEARTBEAT_MS,
  MAX_STREAMS_PER_USER,
  REPLAY_LIMIT,
  REPLAY_SCAN_LIMIT,
} from './events/event-hub.ts';
import { EVENT_RETENTION_DAYS } from './events/event-retention.ts';
import { IDEMPOTENCY_RETENTION_HOURS } from './lib/idempotency.ts';
import { RECONNECT_AFTER_MS, STREAM_RETRY_AFTER_SECONDS } from './modules/events/events.routes.ts';
import { WEBHOOK_TIMEOUT_MS } from './modules/webhooks/webhook-jobs.ts';

/**
 * docs/api.md (with docs/api/live-events.md) is written for integrators; what it states about
 * the code is checked here, so the guide fails the build when the code moves on without it:
 * every live-event topic with its audience and payload, every error code with its status, every
 * webhook event type with its source, and the numbers of the stream, tokens, idempotency and
 * webhook deliveries.
 */
const DOC = ['../../../docs/api.md', '../../../docs/api/live-events.md']
  .map((file) => readFileSync(new URL(file, import.meta.url), 'utf8'))
  .join('\n');

/** The rows of the table between `<!-- name:start -->` and `<!-- name:end -->`, as cells. */
function tableRows(name: string): string[][] {
  const start = DOC.indexOf(`<!-- ${name}:start -->`);
  const end = DOC.indexOf(`<!-- ${name}:end -->`);
  if (start < 0 || end < start) throw new Error(`docs/api.md has no ${name} table`);
  return DOC.slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2) // the header and its rule
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

/** `` `a`, `b?` `` → ['a', 'b?']; '—' → []. */
const codeNames = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]);

/** 30000 → '30 s', 120000 → '2 min', 3600000 → '1 h'. */
function formatDelay(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${ms / 1000} s`;
}

/** The prose, with line breaks and Markdown emphasis folded away. */
const PROSE = DOC.replace(/\s+/g, ' ').replaceAll('**', '');

describe('docs/api.md', () => {
  it('lists every live-event topic with its audience and payload fields', () => {
    const documented = tableRows('live-event-topics').map(([topic, audience, payload]) => ({
      topic: codeNames(topic ?? '')[0],
      audience,
      payload: codeNames(payload ?? ''),
    }));
    const actual = LIVE_EVENT_TOPICS.map((topic) => {
      const shape = (LIVE_EVENT_PAYLOADS[topic] as unknown as { shape: Record<string, unknown> })
        .shape;
      return {
        topic,
        audience: LIVE_EVENT_AUDIENCES[topic],
        payload: Object.entries(shape).map(([field, schema]) =>
          (schema as { safeParse(value: unknown): { success: boolean } }).safeParse(undefined)
            .success
            ? `${field}?`
            : field,
        ),
      };
    });
    expect(documented).toEqual(actual);
  });

  it('lists every error code with its status', () => {
    const documented = Object.fromEntries(
      tableRows('error-codes').map(([code, status]) => [codeNames(code ?? '')[0], Number(status)]),
    );
    expect(documented).toEqual(ERROR_STATUS);
  });

  it('lists every webhook event type with the live event it comes from and its record', () => {
    const documented = tableRows('webhook-event-types').map(([type, , topic, record]) => ({
      type: codeNames(type ?? '')[0],
      topic: codeNames(topic ?? '')[0],
      record: codeNames(record ?? '')[0],
    }));
    expect(documented).toEqual(
      WEBHOOK_EVENT_TYPES.map((type) => ({
        type,
        topic: WEBHOOK_EVENT_SOURCES[type].topic,
        record: WEBHOOK_EVENT_SOURCES[type].recordField ?? 'patientId',
      })),
    );
  });

  it('states the numbers of the event stream as the code has them', () => {
    for (const phrase of [
      `retry: ${RECONNECT_AFTER_MS}`,
      `every ${HEARTBEAT_MS / 1000} seconds each open stream's session is checked`,
      `the comment \`: ping\``,
      `they are kept ${EVENT_RETENTION_DAYS} days`,
      `more than ${REPLAY_LIMIT} missed events`,
      `more than ${REPLAY_SCAN_LIMIT} must be scanned`,
      `may hold ${MAX_STREAMS_PER_USER} open streams`,
      `\`Retry-After: ${STREAM_RETRY_AFTER_SECONDS}\``,
      'event: change',
      'event: resync',
      'event: session-ended',
      'Last-Event-ID',
      'lastEventId',
    ])
      expect(PROSE).toContain(phrase);
  });

  it('states the token and session rules as the code has them', () => {
    for (const phrase of [
      `(${SESSION_TIMEOUT_MINUTES.default} minutes by default)`,
      `(${UPLOAD_LIMIT_MB.default} MB by default)`,
      `\`${API_TOKEN_SECRET_PREFIX}\` followed by 43 base64url characters`,
      `at most ${API_TOKEN_MAX_LIFETIME_DAYS} days ahead (the admin form offers ${API_TOKEN_DEFAULT_LIFETIME_DAYS})`,
      `its first ${API_TOKEN_PREFIX_LENGTH} characters`,
      ...TOKEN_EXCLUDED_CAPABILITIES.map((capability) => `\`${capability}\``),
    ])
      expect(PROSE).toContain(phrase);
  });

  it('states idempotency and webhook delivery as the code has them', () => {
    const delays = WEBHOOK_RETRY_DELAYS_MS.map(formatDelay);
    for (const phrase of [
      `kept for ${IDEMPOTENCY_RETENTION_HOURS} hours`,
      `within ${WEBHOOK_TIMEOUT_MS / 1000} seconds`,
      `retried after ${delays.slice(0, -1).join(', ')} and ${delays.at(-1)}`,
      `after the ${WEBHOOK_MAX_ATTEMPTS}th failed attempt`,
      `the first ${WEBHOOK_RESPONSE_KEEP_BYTES / 1024} KB of the last answer`,
      `"${WEBHOOK_SECRET_PREFIX}`,
    ])
      expect(PROSE).toContain(phrase);
    for (const header of Object.values(WEBHOOK_HEADERS))
      expect(PROSE.toLowerCase()).toContain(`\`${header}`);
  });
});
