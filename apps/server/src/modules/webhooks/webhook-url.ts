import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { validationFailed } from '#src/lib/app-error.ts';
import { ipv6Words } from '#src/lib/ipv6.ts';

/** What decides which addresses an endpoint may have (env.ts `webhookAllowHttpLoopback`). */
export type WebhookUrlPolicy = { isProduction: boolean; allowHttpLoopback: boolean };

/**
 * Loopback, private, link-local and other non-public ranges: never a receiver in production.
 * IPv6 forms that carry an IPv4 address (below, `embeddedIpv4`) are judged by that address.
 */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  // Unspecified and loopback.
  ['::', 127],
  // NAT64, well-known and local-use prefixes: they reach IPv4 hosts behind a translator.
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  // Discard-only, Teredo (its client address is hidden in the bits), documentation.
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  // Unique-local, link-local, the deprecated site-local, multicast.
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** The 16 bytes of an IPv6 address. */
const ipv6Bytes = (address: string) =>
  ipv6Words(address).flatMap((word) => [word >> 8, word & 0xff]);

const dottedOf = (bytes: number[]) => bytes.join('.');

/**
 * The IPv4 address an IPv6 address stands for, where it has one: IPv4-mapped (::ffff:0:0/96),
 * IPv4-translated (::ffff:0:0:0/96), IPv4-compatible (::/96) and 6to4 (2002::/16). A host that
 * routes these reaches that IPv4 address, so that is the address judged.
 */
function embeddedIpv4(address: string): string | null {
  const bytes = ipv6Bytes(address);
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return dottedOf(bytes.slice(2, 6));
  const isMapped = zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff;
  const isTranslated = zeros(0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zeros(10, 12);
  const isCompatible = zeros(0, 12);
  return isMapped || isTranslated || isCompatible ? dottedOf(bytes.slice(12)) : null;
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** The host without IPv6 brackets. */
const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

function isLoopbackHost(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const family = isIP(host);
  if (family === 4) return LOOPBACK.check(host, 'ipv4');
  if (family !== 6) return false;
  const ipv4 = embeddedIpv4(host);
  return LOOPBACK.check(host, 'ipv6') || (ipv4 !== null && LOOPBACK.check(ipv4, 'ipv4'));
}

/** Whether an address literal is loopback, private or otherwise not public, in any IPv6 form. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return NON_PUBLIC.check(address, 'ipv4');
  const ipv4 = embeddedIpv4(address);
  return NON_PUBLIC.check(address, 'ipv6') || (ipv4 !== null && NON_PUBLIC.check(ipv4, 'ipv4'));
}

/**
 * Checks an endpoint's address as given (no DNS): https, or http on a loopback host where the
 * configuration allows it; no credentials in it; in production no loopback or private literal
 * address. Returns the normalised URL. Errors name the field.
 */
export function checkWebhookUrl(raw: string, policy: WebhookUrlPolicy): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw validationFailed('url: must be an https:// address');
  }
  if (url.username || url.password)
    throw validationFailed('url: must not contain a user name or password');
  const host = bareHost(url);
  if (url.protocol === 'http:') {
    if (!(policy.allowHttpLoopback && isLoopbackHost(host)))
      throw validationFailed('url: must be an https:// address');
  } else if (url.protocol !== 'https:') {
    throw validationFailed('url: must be an https:// address');
  }
  if (policy.isProduction && (isLoopbackHost(host) || isNonPublicAddress(host)))
    throw validationFailed('url: must be a public address (not loopback or a private network)');
  url.hash = '';
  return url.toString();
}

/** A name's addresses; `dns.lookup` with `all` by default, a stand-in in tests. */
export type ResolveHost = (
  host: string,
) => Promise<readonly { address: string; family?: number }[]>;

const resolveBySystem: ResolveHost = (host) => lookup(host, { all: true });

/** Why a send was refused: the name has, or now has, an address that is not public. */
export const NOT_PUBLIC_MESSAGE = 'the address does not resolve to a public address';

/**
 * In production, whether the endpoint's host name resolves only to public addresses: checked
 * when an endpoint is saved and again before each send, so a name later pointed at an internal
 * address is not followed. Outside production every address passes (checkWebhookUrl has
 * already limited http to loopback).
 */
export async function resolvesToPublicAddresses(
  raw: string,
  policy: Pick<WebhookUrlPolicy, 'isProduction'>,
  resolve: ResolveHost = resolveBySystem,
): Promise<boolean> {
  if (!policy.isProduction) return true;
  const host = bareHost(new URL(raw));
  if (isIP(host) !== 0) return !isNonPublicAddress(host);
  try {
    const addresses = await resolve(host);
    return addresses.length > 0 && addresses.every((entry) => !isNonPublicAddress(entry.address));
  } catch {
    return false;
  }
}

/**
 * The `lookup` of a send's connection in production: the addresses the socket connects to are
 * the ones checked, so a name that answers a public address to the check before the send and an
 * internal one to the connection (DNS rebinding) is refused with NOT_PUBLIC_MESSAGE (code
 * ENOTPUBLIC), before any byte is sent. Node does not call it for an address written as such,
 * which checkWebhookUrl and resolvesToPublicAddresses judge.
 */
export function publicOnlyLookup(resolve: ResolveHost = resolveBySystem): LookupFunction {
  return (hostname, options, callback) => {
    const host = hostname.replace(/^\[|\]$/g, '');
    resolve(host)
      .then((found) => {
        const addresses = found
          .map((entry) => ({ address: entry.address, family: entry.family ?? isIP(entry.address) }))
          .filter((entry) => !options.family || entry.family === options.family);
        if (addresses.length === 0 || addresses.some((entry) => isNonPublicAddress(entry.address)))
          throw Object.assign(new Error(NOT_PUBLIC_MESSAGE), { code: 'ENOTPUBLIC' });
        return addresses;
      })
      .then(
        (addresses) => {
          if (options.all) callback(null, addresses);
          else callback(null, addresses[0]!.address, addresses[0]!.family);
        },
        (error: NodeJS.ErrnoException) => callback(error, '', 0),
      );
  };
}
