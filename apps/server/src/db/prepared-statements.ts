import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';

/**
 * Prepared statements for the queries the app repeats. node-postgres sends every
 * statement unnamed, so PostgreSQL parses and plans it again on each call: for the patient list
 * that was about two thirds of the SQL's cost (pgbench on the bench's 100,000-patient database:
 * 1,100 lists/s unnamed, 2,800/s prepared). A statement with parameters gets a name, the hash of
 * its text, the second time this process sends it; each connection then parses it once and
 * PostgreSQL may keep a generic plan for it.
 *
 * Bounded, because named statements live as long as their connection: at most `maxNamed`
 * texts are ever named (a text the app builds in many shapes, such as an `in` list of every
 * length, fills no more than that), and the texts seen once are forgotten when `maxTracked` is
 * reached. Statements without parameters (migrations, `begin`, several statements in one text)
 * are never named.
 *
 * A limit written as a parameter keeps PostgreSQL from using a generic plan (it must assume a
 * tenth of the rows), so hot queries write theirs as a literal (`sqlLimit`).
 */
export type StatementNamer = (text: string) => string | undefined;

export function createStatementNamer({ maxNamed = 512, maxTracked = 4_096 } = {}): StatementNamer {
  const names = new Map<string, string>();
  const seenOnce = new Set<string>();
  return (text) => {
    const known = names.get(text);
    if (known !== undefined || names.size >= maxNamed) return known;
    if (!seenOnce.has(text)) {
      if (seenOnce.size >= maxTracked) seenOnce.clear();
      seenOnce.add(text);
      return undefined;
    }
    seenOnce.delete(text);
    const name = `cb_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    names.set(text, name);
    return name;
  };
}

type QueryConfigLike = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };

const hasValues = (values: unknown) => Array.isArray(values) && values.length > 0;

/** The config with a name when the namer gives one; anything else is passed on unchanged. */
export function withStatementName(
  nameOf: StatementNamer,
  config: unknown,
  values: unknown,
): unknown {
  if (typeof config !== 'object' || config === null) return config;
  const query = config as QueryConfigLike;
  if (typeof query.text !== 'string' || query.name !== undefined || query.submit !== undefined)
    return config;
  if (!hasValues(values) && !hasValues(query.values)) return config;
  const name = nameOf(query.text);
  return name === undefined ? config : { ...query, name };
}

const isCallback = (value: unknown) => typeof value === 'function';

/**
 * A node-postgres client class whose repeated statements are prepared (see above), and whose
 * promise-style queries run one after the other. A transaction's reads are often awaited together
 * (`Promise.all` of a page and its count on one transaction): node-postgres queues them itself, but
 * that queue is deprecated and goes away in pg 9, so each client keeps its own. Calls with a
 * callback (the pool's own `pool.query`) and submittables (cursors, COPY) pass straight through.
 */
export function preparingClient(nameOf: StatementNamer): typeof pg.Client {
  const baseQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  const tails = new WeakMap<pg.Client, Promise<unknown>>();
  class PreparingClient extends pg.Client {}
  PreparingClient.prototype.query = function query(
    this: pg.Client,
    config: unknown,
    ...rest: unknown[]
  ) {
    const send = () => baseQuery.call(this, withStatementName(nameOf, config, rest[0]), ...rest);
    const isSubmittable =
      typeof config === 'object' && config !== null && 'submit' in config && config.submit;
    if (isSubmittable || isCallback(config) || rest.some(isCallback)) return send();
    const previous = tails.get(this);
    const result = previous ? previous.then(send, send) : send();
    const tail = Promise.resolve(result).catch(() => undefined);
    tails.set(this, tail);
    void tail.then(() => {
      if (tails.get(this) === tail) tails.delete(this);
    });
    return result;
  } as pg.Client['query'];
  return PreparingClient;
}

/** `limit n` written as a literal, so that its prepared statement may keep a generic plan. */
export function sqlLimit(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a row limit: ${n}`);
  return sql.raw(`limit ${n}`);
}
