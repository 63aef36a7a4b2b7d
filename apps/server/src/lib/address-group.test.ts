import { describe, expect, it } from 'vitest';
import { throttleGroupOf } from './address-group.ts';

describe('throttleGroupOf', () => {
  it('counts every address of one IPv6 /64 as one client', () => {
    const group = '2001:db8:1:2::/64';
    expect(throttleGroupOf('2001:db8:1:2::1')).toBe(group);
    expect(throttleGroupOf('2001:0db8:0001:0002:abcd:ef01:2345:6789')).toBe(group);
    expect(throttleGroupOf('2001:DB8:1:2:ffff::')).toBe(group);
    expect(throttleGroupOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(throttleGroupOf('::1')).toBe('0:0:0:0::/64');
    expect(throttleGroupOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('keeps IPv4 addresses, written either way, and anything else as it is', () => {
    expect(throttleGroupOf('192.0.2.10')).toBe('192.0.2.10');
    expect(throttleGroupOf('::ffff:192.0.2.10')).toBe('192.0.2.10');
    expect(throttleGroupOf('unknown')).toBe('unknown');
  });
});
