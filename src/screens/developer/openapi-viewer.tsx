import { ApiReferenceReact, type AnyApiReferenceConfiguration } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import { useEffect, useMemo, useRef } from 'react';
import { directionOf, type Language } from '../../i18n/languages.ts';
import type { OpenApiDocument } from '../../machines/developer/api-reference.machine.ts';
import './openapi-viewer.css';

type Props = {
  document: OpenApiDocument;
  /** This installation's v1 address, as the browser reaches it: every code sample calls it. */
  baseUrl: string;
  language: Language;
};

/**
 * Scalar's reference as one part of our page rather than a page of its own. It renders its own
 * <main>; inside the dashboard's <main> that would be a second main landmark, so it becomes a
 * region (it keeps Scalar's translated name). Its Vue renderer may re-create the element at any
 * update, so this runs each time the tree changes. (Its <h1>, the document's title, is hidden in
 * openapi-viewer.css: the screen's own <h1> names the page.)
 */
function fitIntoPage(root: HTMLElement) {
  for (const main of root.querySelectorAll('main:not([role])')) main.setAttribute('role', 'region');
}

/**
 * The HTTP v1 reference drawn by Scalar (@scalar/api-reference-react) from the OpenAPI document
 * the server generated. Its own chunk: the screen loads it lazily, so no other page pays for it.
 * Set up for the app's Content-Security-Policy and for a self-contained build: no web fonts
 * from Scalar's CDN, no telemetry, no AI agent, no developer toolbar, no request proxy (the
 * "test request" client is hidden, since it would need one); links stay inside the component
 * (urlRouting: false) so the dashboard's hash routes are never rewritten. Its interface follows
 * the dashboard's language and direction (Scalar ships an Arabic pack).
 */
export default function OpenApiViewer({ document, baseUrl, language }: Props) {
  const root = useRef<HTMLDivElement>(null);
  const configuration = useMemo<AnyApiReferenceConfiguration>(
    () => ({
      content: document,
      servers: [{ url: baseUrl }],
      localization: { locale: language, direction: directionOf(language) },
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      showDeveloperTools: 'never',
      hideClientButton: true,
      hideTestRequestButton: true,
      hideDarkModeToggle: true,
      // Its search opens a dialog outside this component (so outside our colour fixes) that fails
      // axe-core (contrast, a listbox missing required attributes); the sidebar and the browser's
      // own find cover the 50-odd operations.
      hideSearch: true,
      forceDarkModeState: 'light',
      documentDownloadType: 'none',
      urlRouting: false,
      // The key scope each operation needs (the document's x-scope), shown on the operation.
      showExtensions: ['x-scope'],
      featuredClients: ['shell/curl', 'js/fetch', 'python/requests'],
      defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
    }),
    [document, baseUrl, language],
  );

  useEffect(() => {
    const element = root.current;
    if (!element) return undefined;
    fitIntoPage(element);
    const observer = new MutationObserver(() => fitIntoPage(element));
    observer.observe(element, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      // Scalar marks <body> with its theme class (light-mode) and leaves it there; the dashboard
      // itself never uses these classes. Removed after Scalar's own teardown, and only when no
      // other reference took this one's place meanwhile.
      window.setTimeout(() => {
        if (!window.document.querySelector('.eln-openapi-viewer')) {
          window.document.body.classList.remove('light-mode', 'dark-mode');
        }
      }, 0);
    };
  }, []);

  return (
    <div ref={root} className="eln-openapi-viewer" dir={directionOf(language)}>
      <ApiReferenceReact configuration={configuration} />
    </div>
  );
}
