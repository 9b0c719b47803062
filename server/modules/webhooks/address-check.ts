import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Webhook URLs are typed by users, and the server fetches them: without a check they could reach
 * the machine itself, the private network or a cloud's metadata service (SSRF). Addresses in
 * these ranges are refused, both when an endpoint is saved and at every connection (the address
 * the connection really uses is checked, so a name that changes its answer gains nothing).
 */
const blocked = new BlockList();
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
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** True for loopback, private, link-local, shared, multicast and reserved addresses. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family !== 6) return true;
  // IPv4-mapped (::ffff:10.0.0.1) is the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
  return blocked.check(bare, 'ipv6');
}

const lookupAll = (host: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(host, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/** Why a URL may not be used, or null: `private` (an address in a refused range), `unresolved`. */
export async function checkWebhookUrl(
  url: string,
  allowPrivate: boolean,
): Promise<'private' | 'unresolved' | null> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (allowPrivate) return null;
  if (isIP(host)) return isPrivateAddress(host) ? 'private' : null;
  try {
    const addresses = await lookupAll(host);
    if (addresses.length === 0) return 'unresolved';
    return addresses.some((entry) => isPrivateAddress(entry.address)) ? 'private' : null;
  } catch {
    return 'unresolved';
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request that refuses private answers: the check and the connection use
 * the same address.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: object, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      if (!allowPrivate && list.some((entry) => isPrivateAddress(entry.address))) {
        const refused = Object.assign(new Error(`${hostname} resolves to a private address`), {
          code: 'EPRIVATEADDRESS',
        });
        return callback(refused, []);
      }
      if ('all' in options && options.all) return callback(null, list);
      const first = list[0];
      if (!first)
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      return callback(null, first.address, first.family);
    });
  };
}
