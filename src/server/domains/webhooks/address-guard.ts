/**
 * Server-side request forgery guard of outgoing webhooks (issue 18 item 4). An integrator types
 * the URL our servers will POST to; unless WEBHOOKS_ALLOW_PRIVATE is set, no address inside the
 * platform's networks may be reached: private, loopback, link-local (cloud metadata at
 * 169.254.169.254), carrier-grade NAT, multicast, reserved, documentation ranges, and the IPv6
 * forms that embed an IPv4 address (compatible ::/96, mapped, NAT64, 6to4, Teredo) are refused
 * whatever they embed.
 *
 * Checked twice: at registration (`checkEndpointTarget`: the literal, or every address the name
 * resolves to) and at each send, on the address the connection actually uses (`guardedLookup`,
 * given to node:http as its `lookup`), so a name re-pointed at an internal address after
 * registration (DNS rebinding) is refused too.
 */
import { type LookupAddress, type LookupOptions, lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-compatible (deprecated, RFC 4291 §2.5.5.1): ::a.b.c.d, e.g. [::127.0.0.1] = [::7f00:1].
  // Unlike the mapped range it does not make the BlockList match plain IPv4 addresses.
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** True for an address no webhook may reach (see above); also for anything that is not an IP. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return true;
  // IPv4-mapped IPv6 (::ffff:a.b.c.d, ::ffff:7f00:1): refused whatever it maps. (A BlockList
  // checks such addresses against its IPv4 rules, so the range cannot be listed below: it would
  // match every IPv4 address too.)
  if (family === 6 && /^(0{0,4}:){0,5}:?ffff:/i.test(bare) && !/^ffff:/i.test(bare)) return true;
  return blocked.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/** A URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

export class BlockedAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to ${address}, a private or local address`);
    this.name = 'BlockedAddressError';
  }
}

export class UnresolvableHostError extends Error {
  constructor(readonly host: string) {
    super(`${host} could not be resolved`);
    this.name = 'UnresolvableHostError';
  }
}

/** Every address `host` resolves to (refused after `timeoutMs`). */
function resolveAll(host: string, timeoutMs: number): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new UnresolvableHostError(host)), timeoutMs);
    timer.unref();
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => {
      clearTimeout(timer);
      if (err || addresses.length === 0) reject(new UnresolvableHostError(host));
      else resolve(addresses);
    });
  });
}

/**
 * The registration check of an endpoint's target: an IP literal is judged as it is, a name by
 * every address it resolves to (any private one refuses it). Throws BlockedAddressError or
 * UnresolvableHostError.
 */
export async function checkEndpointTarget(
  url: URL,
  opts: { allowPrivate: boolean; timeoutMs?: number },
): Promise<void> {
  const host = hostOf(url);
  if (isIP(host)) {
    if (!opts.allowPrivate && isPrivateAddress(host)) throw new BlockedAddressError(host, host);
    return;
  }
  const addresses = await resolveAll(host, opts.timeoutMs ?? 3000);
  if (opts.allowPrivate) return;
  const bad = addresses.find((a) => isPrivateAddress(a.address));
  if (bad) throw new BlockedAddressError(host, bad.address);
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for node:http/net that resolves like `dns.lookup` and refuses (BlockedAddressError)
 * when any address of the name is private, unless `allowPrivate`. Answers in the form asked
 * (`all: true` → the list, as Node's happy-eyeballs connect asks).
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '');
      if (addresses.length === 0) return callback(new UnresolvableHostError(hostname), '');
      const bad = allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
      if (bad) return callback(new BlockedAddressError(hostname, bad.address), '');
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      return callback(null, first.address, first.family);
    });
  };
}
