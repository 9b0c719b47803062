import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { isPrivateAddress } from './ip-ranges.ts';

export { isPrivateAddress };

/**
 * Webhook URLs are typed by users, and the server fetches them: without a check they could reach
 * the machine itself, the private network or a cloud's metadata service (SSRF). Addresses in
 * the refused ranges (`ip-ranges.ts`) are refused both when an endpoint is saved and at every
 * connection. A name is resolved once per connection, every address it gives is checked, and
 * the connection uses exactly those addresses, so a name that changes its answer between the
 * check and the connection (DNS rebinding) gains nothing.
 */

/** How names are resolved: `dns.lookup` with `all: true`; tests give their own. */
export type ResolveAll = (host: string) => Promise<LookupAddress[]>;

export const resolveAll: ResolveAll = (host) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(host, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/** Why a URL may not be used, or null: `private` (an address in a refused range), `unresolved`. */
export async function checkWebhookUrl(
  url: string,
  allowPrivate: boolean,
  resolve: ResolveAll = resolveAll,
): Promise<'private' | 'unresolved' | null> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (allowPrivate) return null;
  if (isIP(host)) return isPrivateAddress(host) ? 'private' : null;
  try {
    const addresses = await resolve(host);
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

const failure = (message: string, code: string) => Object.assign(new Error(message), { code });

/**
 * A `lookup` for http.request that refuses a name if any of its addresses is private, and
 * otherwise hands the connection the addresses it checked.
 */
export function guardedLookup(allowPrivate: boolean, resolve: ResolveAll = resolveAll) {
  return (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback) => {
    resolve(hostname).then(
      (found) => {
        const list = options.family ? found.filter((entry) => entry.family === options.family) : found;
        if (!allowPrivate && found.some((entry) => isPrivateAddress(entry.address)))
          return callback(failure(`${hostname} resolves to a private address`, 'EPRIVATEADDRESS'), []);
        const first = list[0];
        if (!first) return callback(failure(`${hostname} has no address`, 'ENOTFOUND'), []);
        if (options.all) return callback(null, list);
        return callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}
