/**
 * VERP (variable envelope return path) addresses: each campaign message's envelope sender names
 * the message, so a bounce or a complaint that arrives hours later at the bounce domain can be
 * matched to its row without reading the returned message. The same domain takes one-click
 * unsubscribes by mail (the mailto: in List-Unsubscribe). The tokens are the message's own
 * unguessable token (URL-safe, no '@' or '+'), so the local part needs no quoting.
 */
export type VerpTarget = { kind: 'bounce' | 'unsubscribe'; token: string };

const PREFIX: Record<VerpTarget['kind'], string> = { bounce: 'b', unsubscribe: 'u' };

/** `b+<token>@<domain>`: the envelope sender (Return-Path) of a campaign message. */
export function bounceAddress(token: string, bounceDomain: string): string {
  return `${PREFIX.bounce}+${token}@${bounceDomain}`;
}

/** `u+<token>@<domain>`: the mailto: of List-Unsubscribe. */
export function unsubscribeAddress(token: string, bounceDomain: string): string {
  return `${PREFIX.unsubscribe}+${token}@${bounceDomain}`;
}

/** The domain part of an address, lower-cased (the bounce domain defaults to the From's). */
export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * What a recipient address at the bounce domain points to, or null when it is not one of ours
 * (another local part, another domain). Domains compare case-insensitively; tokens exactly.
 */
export function parseVerpAddress(address: string, bounceDomains: readonly string[]): VerpTarget | null {
  const at = address.lastIndexOf('@');
  if (at < 0) return null;
  const domain = address.slice(at + 1).toLowerCase();
  if (!bounceDomains.some((candidate) => candidate.toLowerCase() === domain)) return null;
  const match = /^([bu])\+([A-Za-z0-9_-]{8,128})$/.exec(address.slice(0, at));
  if (!match) return null;
  return { kind: match[1] === 'b' ? 'bounce' : 'unsubscribe', token: match[2]! };
}
