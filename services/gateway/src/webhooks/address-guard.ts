import { webhookMessages } from '@testament/contracts';
import ipaddr from 'ipaddr.js';
import { lookup } from 'node:dns/promises';
import { networkInterfaces } from 'node:os';

/** What a webhook may be sent to (TESTAMENT_WEBHOOKS_ALLOW_PRIVATE, and the ports this server serves on). */
export interface AddressPolicy {
  /** Loopback, private (RFC 1918, fc00::/7) and CGNAT addresses allowed, as an administrator decided. */
  allowPrivate: boolean;
  /** This server's own ports: never sent to on any of its own addresses, allowance or not. */
  ownPorts: readonly number[];
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to (a literal address is itself). */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

/** An address a webhook may not be sent to: the message names why (a 400 on `url`, or the attempt's error). */
export class RefusedAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedAddressError';
  }
}

/** Where a vetted delivery connects: the address checked, never looked up again (no DNS rebinding in between). */
export interface VettedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** The ranges the allowance opens; link-local (169.254/16, fe80::/10: cloud metadata services live there) stays shut. */
const PRIVATE_RANGES = new Set(['loopback', 'private', 'uniqueLocal', 'carrierGradeNat']);

/** What ipaddr.js calls the address's range, IPv4-mapped IPv6 read as its IPv4 address. */
const rangeOf = (address: string) => ipaddr.process(address).range();

/** This host's own addresses: loopback, unspecified, and every interface's. */
function isOwnAddress(address: string): boolean {
  const range = rangeOf(address);
  if (range === 'loopback' || range === 'unspecified') return true;
  const normalized = ipaddr.process(address).toString();
  return Object.values(networkInterfaces()).some((entries) =>
    (entries ?? []).some((entry) => ipaddr.process(entry.address.replace(/%.*$/, '')).toString() === normalized),
  );
}

const portOf = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/** Refuses one resolved address under the policy, or lets it through. */
export function checkAddress(address: string, port: number, policy: AddressPolicy): void {
  if (!ipaddr.isValid(address)) throw new RefusedAddressError(webhookMessages.privateAddress);
  if (policy.ownPorts.includes(port) && isOwnAddress(address)) throw new RefusedAddressError(webhookMessages.ownAddress);
  const range = rangeOf(address);
  if (range === 'unicast' || (policy.allowPrivate && PRIVATE_RANGES.has(range))) return;
  throw new RefusedAddressError(webhookMessages.privateAddress);
}

/**
 * Checks a webhook's address before it is saved and before every attempt: http(s) only, and every address its host
 * resolves to must pass (`checkAddress`), so a name that also resolves to a private address is refused whichever
 * address a connection would have used. Answers the first address, the one to connect to.
 */
export async function vetWebhookUrl(text: string, policy: AddressPolicy, resolve: Resolver = systemResolver): Promise<VettedTarget> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new RefusedAddressError(webhookMessages.invalidUrl);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '')
    throw new RefusedAddressError(webhookMessages.invalidUrl);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = ipaddr.isValid(host)
    ? [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 } as const]
    : await resolveAll(host, resolve);
  for (const { address } of addresses) checkAddress(address, portOf(url), policy);
  return { url, ...addresses[0]! };
}

async function resolveAll(host: string, resolve: Resolver): Promise<ResolvedAddress[]> {
  try {
    const addresses = await resolve(host);
    if (addresses.length > 0) return addresses;
  } catch {
    // Said below, the same for a name that does not exist and one that resolves to nothing.
  }
  throw new RefusedAddressError(webhookMessages.unresolvable(host));
}
