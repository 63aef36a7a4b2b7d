import { isIP } from 'node:net';
import { ipv6Words } from './ipv6.ts';

/**
 * The client an address stands for when counting attempts: an IPv4 address itself, an IPv6
 * address its /64 network (`2001:db8:1:2::/64`). One IPv6 host is handed a whole /64 and may
 * take any address in it, so counting each address would give it unlimited tries. An IPv4
 * address written as IPv6 (`::ffff:192.0.2.1`) counts as that IPv4 address.
 */
export function throttleGroupOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  const network = ipv6Words(address)
    .slice(0, 4)
    .map((word) => word.toString(16));
  return `${network.join(':')}::/64`;
}
