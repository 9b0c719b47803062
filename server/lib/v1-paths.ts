/**
 * HTTP v1 answers a path the same with or without its final slash, and a known path asked with a
 * method it does not take with 405 and `Allow`. Both work from the route patterns as registered.
 */
type Route = { method: string; url: string };

/** `/api/v1/send/:id/pause/` -> the path with the final slash toggled, for the second mount. */
export const toggledSlash = (url: string) => (url.endsWith('/') ? url.slice(0, -1) : `${url}/`);

const patterns = new WeakMap<readonly Route[], { pattern: RegExp; method: string }[]>();

function compiled(routes: readonly Route[]) {
  let found = patterns.get(routes);
  // Routes are all registered before the first request; the list is compiled once after that.
  if (!found || found.length !== routes.length) {
    found = routes.map(({ method, url }) => {
      const body = url
        .replace(/\/+$/, '')
        .split(/(:[A-Za-z_][A-Za-z0-9_]*)/)
        .map((piece) => (piece.startsWith(':') ? '[^/]+' : piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('');
      return { pattern: new RegExp(`^${body}/?$`), method };
    });
    patterns.set(routes, found);
  }
  return found;
}

/** The methods a path answers (HEAD with GET), in a stable order; none for an unknown path. */
export function allowedMethods(routes: readonly Route[], url: string): string[] {
  const path = url.split('?', 1)[0] ?? '';
  const methods = new Set(
    compiled(routes)
      .filter((r) => r.pattern.test(path))
      .map((r) => r.method),
  );
  if (methods.has('GET')) methods.add('HEAD');
  const order = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
  return order.filter((method) => methods.has(method));
}
