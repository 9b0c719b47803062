import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import ar from '../../../src/i18n/locales/ar/common.json';
import type { RunningApp } from '../support/app-server.ts';

/** What a journey's drivers share: the tester's page, the server, and what earlier steps learnt. */
export interface Walk {
  /** The page of the tester following the journey (Arabic, the app's default). */
  page: Page;
  app: RunningApp;
  /** An administrator's access token, for reading the capture mailbox. */
  token: string;
  /** Who the journey signs in as (its preconditions). */
  username: string;
  password: string;
  /** Another browser (a new context: no shared sign-in), e.g. the administrator's. */
  newPage: () => Promise<Page>;
  /** Things one step finds for a later one: an order's id, the links in a message. */
  found: Record<string, string>;
}
/** Does a printed step's action, or checks a state's expected result, in Chromium. */
export type Driver = (walk: Walk) => Promise<void>;

export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

/** A counted text in the Arabic plural form i18next picks for `count`. */
export function counted(
  texts: Record<string, unknown>,
  key: string,
  count: number,
  values: Record<string, string | number> = {},
): string {
  const forms = { 0: 'zero', 1: 'one', 2: 'two' } as Record<number, string>;
  const form = forms[count] ?? new Intl.PluralRules('ar').select(count);
  const text = texts[`${key}_${form}`] ?? texts[`${key}_other`];
  if (typeof text !== 'string') throw new Error(`no Arabic plural form of ${key} for ${count}`);
  return fill(text, { ...values, count });
}

/** Required fields' labels end in Mantine's " *": match the label's start. */
export const startsWith = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** Opens a navigation entry as a person does: its section first when the section is closed. */
export async function openNav(page: Page, section: string | null, link: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: ar.nav.label });
  const target = nav.getByRole('link', { name: link, exact: true });
  if (section && !(await target.isVisible())) {
    await nav.getByRole('button', { name: section, exact: true }).click();
  }
  await target.click();
}

/** Clicks once the page has painted twice after scrolling the button into view (see full-send). */
export async function settledClick(page: Page, locator: ReturnType<Page['getByRole']>): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await locator.click();
}

/**
 * A number as the app prints it in Arabic, by the browser's own Intl (not Node's): the one
 * formatter (src/lib/format-number.ts) writes Western digits unless the reader picks others,
 * without Intl's direction marks.
 */
export const arabicNumber = (page: Page, value: number) =>
  page.evaluate(
    (n) => new Intl.NumberFormat('ar-u-nu-latn').format(n).replace(/[\u061c\u200e\u200f]/g, ''),
    value,
  );

/** The href of the first link in `html` whose address ends with `suffix`. */
export function linkIn(html: string, suffix: string): string {
  const escaped = suffix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = new RegExp(`href="([^"]*${escaped})"`).exec(html)?.[1];
  expect(found, `a link ending in ${suffix} in the message`).toBeDefined();
  return (found ?? '').replace(/&amp;/g, '&');
}
