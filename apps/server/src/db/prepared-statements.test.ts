import { describe, expect, it } from 'vitest';
import { createStatementNamer, sqlLimit, withStatementName } from './prepared-statements.ts';

describe('the statement namer', () => {
  it('names a text the second time it is sent, then always the same', () => {
    const nameOf = createStatementNamer();
    expect(nameOf('select $1')).toBeUndefined();
    const name = nameOf('select $1');
    expect(name).toMatch(/^cb_[\w-]{24}$/);
    expect(nameOf('select $1')).toBe(name);
    expect(createStatementNamer()('select $2')).toBeUndefined();
  });

  it('gives different texts different names', () => {
    const nameOf = createStatementNamer();
    for (const text of ['select $1', 'select $1 ', 'select $2']) nameOf(text);
    const names = ['select $1', 'select $1 ', 'select $2'].map(nameOf);
    expect(new Set(names).size).toBe(3);
  });

  it('names no more than its limit, and forgets texts seen once when full', () => {
    const nameOf = createStatementNamer({ maxNamed: 2, maxTracked: 2 });
    for (const text of ['a', 'a', 'b', 'b']) nameOf(text);
    expect(nameOf('c')).toBeUndefined();
    expect(nameOf('c')).toBeUndefined();
    expect(nameOf('a')).toBeDefined();

    const forgetful = createStatementNamer({ maxTracked: 2 });
    for (const text of ['x', 'y', 'z']) forgetful(text);
    expect(forgetful('x')).toBeUndefined();
  });
});

describe('withStatementName', () => {
  const alwaysNamed = () => 'cb_name';

  it('names an unnamed statement with parameters, leaving the original config alone', () => {
    const config = { text: 'select $1', rowMode: 'array' };
    expect(withStatementName(alwaysNamed, config, [1])).toEqual({ ...config, name: 'cb_name' });
    expect(withStatementName(alwaysNamed, { text: 'select $1', values: [1] }, undefined)).toEqual({
      text: 'select $1',
      values: [1],
      name: 'cb_name',
    });
    expect(config).toEqual({ text: 'select $1', rowMode: 'array' });
  });

  it('passes on strings, named statements, streams and statements without parameters', () => {
    const stream = { text: 'select $1', submit: () => undefined };
    for (const [config, values] of [
      ['select $1', [1]],
      [{ text: 'select $1', name: 'mine' }, [1]],
      [stream, [1]],
      [{ text: 'begin' }, undefined],
      [{ text: 'select 1; select 2' }, []],
    ] as const)
      expect(withStatementName(alwaysNamed, config, values)).toBe(config);
  });
});

describe('sqlLimit', () => {
  it('writes a whole number as a literal and refuses anything else', () => {
    expect(sqlLimit(26).queryChunks).toHaveLength(1);
    for (const bad of [-1, 2.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => sqlLimit(bad)).toThrow(RangeError);
  });
});
