/**
 * The public addresses a message carries, all bound to the message's unguessable token. The
 * dispatcher writes them into each e-mail; server/modules/public-pages serves them (no session).
 * Kept in one place so the two sides cannot drift apart. Tracked links (`/c/<number>`) are
 * built by click-tracking.ts. No GET of any of them changes what the message records, beyond
 * counting an open or a click: link scanners fetch every address of a message.
 */
export const PUBLIC_MESSAGE_PREFIX = '/api/public/m';

export interface PublicLinks {
  /** 1x1 GIF; GET records an open (a machine's apart from a person's). */
  open: string;
  /** GET shows the yes/no question with both answers as buttons; only their POST records. */
  yes: string;
  no: string;
  /** GET shows the custom questions; POST (form-encoded) records the answers. */
  survey: string;
  /** GET shows a confirm page; POST unsubscribes (RFC 8058 one-click, List-Unsubscribe-Post). */
  unsubscribe: string;
  /** GET shows this recipient's copy of the campaign as a web page ("view in browser"); records nothing. */
  view: string;
}

export function publicLinks(publicUrl: string, token: string): PublicLinks {
  const base = `${publicUrl.replace(/\/+$/, '')}${PUBLIC_MESSAGE_PREFIX}/${encodeURIComponent(token)}`;
  return {
    open: `${base}/open`,
    yes: `${base}/answer?value=yes`,
    no: `${base}/answer?value=no`,
    survey: `${base}/survey`,
    unsubscribe: `${base}/unsubscribe`,
    view: `${base}/view`,
  };
}
