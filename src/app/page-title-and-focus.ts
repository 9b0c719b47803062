import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';
import type { TextsPart } from '../i18n/common-texts.ts';

/** What a route declares in its `handle`: the i18n key of its page name. */
export interface RouteHandle {
  titleKey?: string;
  /**
   * How much of the `common` texts the page needs before it renders: all of them unless it says
   * 'signedOut' (the login page, and redirects, which show nothing): src/i18n/common-texts.ts.
   */
  texts?: TextsPart;
}

/** The texts the deepest matched route that declares some needs; all of them by default. */
export function useRouteTextsPart(): TextsPart {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as RouteHandle | undefined;
    if (handle?.texts) return handle.texts;
  }
  return 'all';
}

/** The page name of the deepest matched route that declares one. */
export function useRouteTitleKey(): string | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as RouteHandle | undefined;
    if (handle?.titleKey) return handle.titleKey;
  }
  return undefined;
}

/** "Page name | El Namer" in the current language, so tabs, history and screen readers tell pages apart. */
export function useDocumentTitle(titleKey: string | undefined): void {
  const { t } = useTranslation();
  const title = titleKey ? `${t(titleKey)} | ${t('app.name')}` : t('app.name');
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** Whether the visitor is already typing somewhere, where moving focus would take their input. */
function isTyping(element: Element | null): boolean {
  return (
    element instanceof HTMLElement &&
    (element.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName))
  );
}

/**
 * A single-page app keeps focus where it was (often on <body> or the link just used) when the
 * page changes, so screen reader users hear nothing. After sign-in and every move to another page
 * (another title: landing sections and detail pages of one list do not count) focus goes to the
 * new page's h1 as soon as its lazily loaded screen has rendered it. The first page keeps the
 * browser's own start of document.
 */
export function useFocusHeadingOnPageChange(titleKey: string | undefined): void {
  const previous = useRef(titleKey);
  useEffect(() => {
    if (previous.current === titleKey) return;
    previous.current = titleKey;
    const focusHeading = (): boolean => {
      // Not a heading React keeps hidden (display: none) while the new screen's code loads.
      const heading = [...document.querySelectorAll<HTMLElement>('h1')].find(
        (element) => !element.closest('[hidden], [style*="display: none"]'),
      );
      if (!heading) return false;
      if (!isTyping(document.activeElement)) {
        // -1: focusable from code only, so the heading does not become a Tab stop.
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        // A heading is read, not operated: no focus ring boxing the page title on every visit.
        heading.style.outline = 'none';
        heading.focus();
      }
      return true;
    };
    if (focusHeading()) return;
    // The screen's code is still loading: wait for its heading, until the next page change.
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [titleKey]);
}
