import { useMemo } from 'react';
import { safeMailHtml } from './safe-mail-html.ts';

/** The message's HTML, sanitised, in a frame that may run nothing and reach nothing of ours. */
export function MailHtmlFrame({
  html,
  title,
  images = [],
}: {
  html: string;
  title: string;
  /** Embedded (cid:) images as data: addresses, shown in place. */
  images?: readonly { content_id: string; data_url: string }[];
}) {
  const clean = useMemo(() => safeMailHtml(html, images), [html, images]);
  return (
    <iframe
      title={title}
      // No allow-scripts, no allow-same-origin, no forms: a picture of the mail. Its links (made
      // target=_blank by safeMailHtml) open in a new tab that escapes the sandbox, so a survey's
      // answer page, "view in browser" and unsubscribe work as they do in a mail client.
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      srcDoc={clean}
      style={{
        width: '100%',
        minHeight: 420,
        border: '1px solid var(--mantine-color-gray-4)',
        borderRadius: 6,
        background: '#fff',
      }}
    />
  );
}
