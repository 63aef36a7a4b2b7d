import { describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '@casebridge/domain/constants';
import { getThrottleDelaySeconds } from './login-throttle.ts';

describe('getThrottleDelaySeconds', () => {
  it('lets the free failures through, then doubles the wait from a minute up to an hour', () => {
    const budget = LOGIN_LIMITS.perAccountAndAddress;
    const delays = Array.from({ length: 14 }, (_, failures) =>
      getThrottleDelaySeconds(failures, budget),
    );
    expect(delays).toEqual([0, 0, 0, 0, 0, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600]);
    expect(getThrottleDelaySeconds(10_000, budget)).toBe(3600);
  });
});
