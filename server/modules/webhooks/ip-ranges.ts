import { BlockList, isIP } from 'node:net';

/**
 * Which addresses a webhook may never reach: loopback, private, link-local, shared, multicast,
 * reserved and documentation ranges, in IPv4 and IPv6, and every IPv6 form that carries an IPv4
 * address inside it (mapped, compatible, translated, 6to4, NAT64, Teredo), because a connection
 * to such an address can end at the IPv4 address it embeds.
 */
const blockedV4 = new BlockList();
for (const [network, prefix] of [
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
] as const) {
  blockedV4.addSubnet(network, prefix, 'ipv4');
}

const blockedV6 = new BlockList();
for (const [network, prefix] of [
  ['100::', 64], // discard-only
  ['2001:2::', 48], // benchmarking
  ['2001:10::', 28], // ORCHID
  ['2001:20::', 28], // ORCHIDv2
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blockedV6.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included). */
function groupsOf(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  if (!text.includes('::')) return parse(text);
  const [head = '', tail = ''] = text.split('::');
  const start = parse(head);
  const end = parse(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}

const v4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
const zero = (groups: number[]) => groups.every((group) => group === 0);

/** The IPv4 addresses an IPv6 address leads to, or null when it embeds none. */
function embeddedV4(g: number[]): string[] | null {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (translated, RFC 2765).
  if (zero(g.slice(0, 5)) && g5 === 0xffff) return [v4Of(g6, g7)];
  if (zero(g.slice(0, 4)) && g4 === 0xffff && g5 === 0) return [v4Of(g6, g7)];
  // 64:ff9b::a.b.c.d, the well-known NAT64 prefix (RFC 6052).
  if (g0 === 0x64 && g1 === 0xff9b && zero(g.slice(2, 6))) return [v4Of(g6, g7)];
  // 2002:AABB:CCDD::/48, 6to4 (RFC 3056): the relay delivers to AA.BB.CC.DD.
  if (g0 === 0x2002) return [v4Of(g1, g2)];
  // 2001:0:SSSS:SSSS:flags:port:CCCC:CCCC, Teredo (RFC 4380): the server, and the client's
  // address stored with its bits inverted.
  if (g0 === 0x2001 && g1 === 0) return [v4Of(g2, g3), v4Of(~g6 & 0xffff, ~g7 & 0xffff)];
  return null;
}

/** True for every address a webhook may not reach; anything that is not an IP address too. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return blockedV4.check(bare, 'ipv4');
  if (family !== 6) return true;
  const groups = groupsOf(bare);
  const inside = embeddedV4(groups);
  if (inside) return inside.some((v4) => blockedV4.check(v4, 'ipv4'));
  // ::/96: unspecified, loopback and the deprecated IPv4-compatible form (::a.b.c.d), which no
  // public host uses and some stacks still route to the IPv4 address.
  if (zero(groups.slice(0, 6))) return true;
  // The rest of 64:ff9b::/32, local-use NAT64 (64:ff9b:1::/48, RFC 8215) included: it translates
  // into the site's own network, with the IPv4 part where the site decides.
  if (groups[0] === 0x64 && groups[1] === 0xff9b) return true;
  return blockedV6.check(bare, 'ipv6');
}
