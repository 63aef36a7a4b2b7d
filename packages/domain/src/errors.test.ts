import { describe, expect, it } from 'vitest';
import { tooManyAttemptsMessage } from './errors.ts';

describe('tooManyAttemptsMessage', () => {
  it('says when to try again in whole minutes, rounded up', () => {
    expect(tooManyAttemptsMessage(1)).toBe('Too many attempts. Try again in 1 minute.');
    expect(tooManyAttemptsMessage(60)).toBe('Too many attempts. Try again in 1 minute.');
    expect(tooManyAttemptsMessage(61)).toBe('Too many attempts. Try again in 2 minutes.');
    expect(tooManyAttemptsMessage(3_600)).toBe('Too many attempts. Try again in 60 minutes.');
  });
});
