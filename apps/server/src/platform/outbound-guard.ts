import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Outbound connections a company chooses (its SMTP server) never reach the
 * server's own networks (DECISIONS §14): loopback, link-local, private and
 * other non-public ranges, in IPv4 and IPv6. Node's BlockList also matches
 * IPv4-mapped IPv6 (`::ffff:127.0.0.1`, `::ffff:7f00:1`) against the IPv4
 * ranges. Names are resolved first (`localhost`, `127.1`, `2130706433` and
 * names whose DNS answers such an address are refused alike), and the caller
 * connects to the address checked here, so a second DNS answer cannot swap it.
 */
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['::ffff:0:0:0', 96], // IPv4-translated (RFC 2765): reaches IPv4 through a translator
  ['64:ff9b::', 96], // NAT64 well-known prefix: reaches any IPv4, private ones too
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** Whether an IP address is one a company's connection may not reach (anything not an IP is). */
export function isPrivateAddress(ip: string): boolean {
  const family = isIP(ip);
  if (!family) return true;
  return blocked.check(ip, family === 6 ? 'ipv6' : 'ipv4');
}

export class PrivateAddressError extends Error {
  constructor(host: string) {
    super(`${host} is a private or local network address`);
  }
}

const withDeadline = <T>(p: Promise<T>, ms: number, what: string): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`${what} timed out`)), ms);
    p.then(resolve, reject).finally(() => clearTimeout(t));
  });

/**
 * The address to connect to for `host`: every address it resolves to must be
 * public unless `allowPrivate`. Throws PrivateAddressError, or the lookup's
 * error (unknown name, timeout).
 */
export async function resolveOutbound(
  host: string,
  opts: { allowPrivate: boolean; timeoutMs: number },
): Promise<string> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const addresses = isIP(bare)
    ? [bare]
    : (
        await withDeadline(
          lookup(bare, { all: true, verbatim: true }),
          opts.timeoutMs,
          `Looking up ${bare}`,
        )
      ).map((a) => a.address);
  if (addresses.length === 0) throw new Error(`${bare} has no address`);
  if (!opts.allowPrivate && addresses.some(isPrivateAddress)) throw new PrivateAddressError(host);
  return addresses[0]!;
}

/**
 * For a save: refuses a host that is, or resolves to, a private address. A
 * name that does not resolve (yet) is accepted; sending checks again.
 */
export async function outboundHostAllowed(
  host: string,
  opts: { allowPrivate: boolean; timeoutMs: number },
): Promise<boolean> {
  if (opts.allowPrivate) return true;
  try {
    await resolveOutbound(host, opts);
    return true;
  } catch (e) {
    return !(e instanceof PrivateAddressError);
  }
}
