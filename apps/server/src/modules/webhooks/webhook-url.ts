import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { validationFailed } from '#src/lib/app-error.ts';

/** What decides which addresses an endpoint may have (env.ts `webhookAllowHttpLoopback`). */
export type WebhookUrlPolicy = { isProduction: boolean; allowHttpLoopback: boolean };

/**
 * Loopback, private, link-local and other non-public ranges: never a receiver in production. An
 * IPv4-mapped IPv6 address (::ffff:10.0.0.1) is checked against the IPv4 ranges by BlockList.
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
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** The host without IPv6 brackets. */
const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

function isLoopbackHost(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const family = isIP(host);
  return family !== 0 && LOOPBACK.check(host, family === 4 ? 'ipv4' : 'ipv6');
}

function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && NON_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
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
