import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import * as XLSX from 'xlsx';
import ar from '../../../src/i18n/locales/ar/common.json';
import arLogs from '../../../src/i18n/locales/ar/logs.json';
import arMail from '../../../src/i18n/locales/ar/mail.json';
import arMailbox from '../../../src/i18n/locales/ar/mailbox.json';
import arPages from '../../../src/i18n/locales/ar/recipient-pages.json';
import arSend from '../../../src/i18n/locales/ar/send.json';
import arSuppressions from '../../../src/i18n/locales/ar/suppressions.json';
import { newestMailTo } from '../support/admin-api.ts';
import { waitForRoute } from '../support/browser.ts';
import { serverAnswers } from './account-drivers.ts';
import { counted, fill, linkIn, openNav, settledClick, type Driver, type Walk } from './walk.ts';

/**
 * The sends of the QA journeys: the send wizard's own events (sendOne) and the written steps of
 * the sends to a list, a group and an Excel file; the log, Mailbox and the recipient's pages.
 */

/** A small PDF (the server refuses executables, not documents). */
const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
});

/** The sheet of the Excel journey (qa:journeys.sendExcel). */
function guestsXlsx(): Buffer {
  const book = XLSX.utils.book_new();
  const rows = [
    ['email', 'name'],
    ['guest1@example.com', 'Guest One'],
    ['guest2@example.com', 'Guest Two'],
  ];
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'guests');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name }).waitFor();
const next = (page: Page) => page.getByRole('button', { name: arSend.nav.next, exact: true }).click();
const reviewCell = (page: Page, label: string) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
    .getByRole('cell');

/** The review's send (or schedule) button, once the server's check has answered. */
async function readyButton(page: Page, name: string) {
  const button = page.getByRole('button', { name, exact: true });
  await expect
    .poll(
      () =>
        button.evaluate(
          (node) => !node.hasAttribute('data-loading') && !(node as HTMLButtonElement).disabled,
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
  return button;
}

async function writeMessage(page: Page, subject: string, html: string) {
  await page.getByLabel(arSend.message.subject).fill(subject);
  await page.getByLabel(arSend.message.senderName).fill('El Namer');
  await typeHtml(page, html);
}

async function typeHtml(page: Page, html: string) {
  await page.getByText(arSend.message.html, { exact: true }).click();
  await page.locator('[data-testid="html-editor"] .cm-content').click();
  await page.keyboard.type(html);
}

/** The general attachment (the second file field: zips, general attachment, embedded image). */
async function attach(page: Page, name: string) {
  await page.locator('input[type="file"]').nth(1).setInputFiles(pdf(name));
  await page.getByText(fill(arSend.attachments.done, { name })).waitFor({ timeout: 30_000 });
  await next(page);
  await stepHeading(page, arSend.steps.survey);
}

async function reviewShows(page: Page, recipients: number, attachment?: string) {
  await stepHeading(page, arSend.steps.review);
  await readyButton(page, arSend.nav.send);
  expect(await reviewCell(page, arSend.review.recipients).innerText()).toBe(String(recipients));
  if (attachment) expect(await reviewCell(page, arSend.review.attachments).innerText()).toContain(attachment);
}

async function sent(page: Page, heading: string, recipients: number) {
  await page.getByRole('heading', { name: heading }).waitFor({ timeout: 20_000 });
  await page.getByText(counted(arSend.done, 'body', recipients), { exact: true }).waitFor();
  await page.getByRole('link', { name: arSend.done.log }).waitFor();
}

/**
 * Opens a captured message in Mailbox by its subject, as a person does, once it has arrived (the
 * relay hands messages over in the background; Mailbox lists what is there when it opens). The
 * message's HTML is kept for the steps that press its links.
 */
async function openMail({ page, app, token, found }: Walk, to: string, subject: string) {
  found.mailHtml = (await newestMailTo(app, token, to)).html ?? '';
  await openNav(page, null, ar.nav.mailbox);
  await page.getByRole('heading', { level: 1, name: arMailbox.title }).waitFor();
  await page.getByRole('button', { name: `${arMailbox.open} ${subject}` }).click();
  return page.frameLocator(`iframe[title="${arMailbox.htmlFrame}"]`);
}

async function attachmentListed(page: Page, name: string) {
  await page.getByRole('tab', { name: fill(arMailbox.tabs.attachments, { count: 1 }) }).click();
  await page.getByRole('button', { name: `${arMailbox.download} ${name}` }).waitFor();
}

const openWizard =
  (link: string, heading: string): Driver =>
  async ({ page }) => {
    await openNav(page, ar.nav.send, link);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await stepHeading(page, arSend.steps.recipients);
  };

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
  await page.keyboard.press('Escape');
}

const keepNoSurvey: Driver = async ({ page }) => {
  expect(await page.getByRole('radio', { name: arSend.survey.none }).isChecked()).toBe(true);
  await next(page);
  await stepHeading(page, arSend.steps.schedule);
  expect(await page.getByRole('radio', { name: arSend.schedule.now }).isChecked()).toBe(true);
};

const answerPage = async (walk: Walk, suffix: string) => {
  const page = await walk.newPage();
  await page.goto(linkIn(walk.found.mailHtml ?? '', suffix));
  return page;
};

export const actions: Record<string, Driver> = {
  'sendOne/openWizard': openWizard(ar.nav.sendUser, arSend.heading.single),
  'send-wizard:xstate.done.actor.loadOptions': serverAnswers,
  'send-wizard:recipient.set#0': async ({ page }) => {
    await page.getByLabel(arSend.recipients.email).fill('ali@example.com');
  },
  'send-wizard:recipient.set#1': async ({ page }) => {
    await page.getByLabel(arSend.recipients.name).fill('Ali');
  },
  'send-wizard:wizard.next': async ({ page }) => next(page),
  'send-wizard:xstate.done.actor.check#0': serverAnswers,
  'send-wizard:message.set#0': async ({ page }) => {
    await page.getByLabel(arSend.message.subject).fill('Hello {{name}}');
  },
  'send-wizard:message.set#1': async ({ page }) => {
    await page.getByLabel(arSend.message.senderName).fill('El Namer');
  },
  'send-wizard:message.set#2': async ({ page }) => typeHtml(page, '<p>Hi {{name}}</p>'),
  'send-wizard:survey.type': async ({ page }) => {
    await page.getByRole('radio', { name: arSend.survey.yesNo }).check();
  },
  'send-wizard:survey.question': async ({ page }) => {
    await page.getByLabel(arSend.survey.question).fill('Will you come?');
  },
  'send-wizard:wizard.submit': async ({ page }) =>
    settledClick(page, await readyButton(page, arSend.nav.send)),
  'send-wizard:xstate.done.actor.submitSend': serverAnswers,
  'sendOne/openLog': async ({ page }) => {
    const link = page.getByRole('link', { name: arSend.done.log });
    const href = (await link.getAttribute('href')) ?? '';
    await link.click();
    await waitForRoute(page, href.slice(href.indexOf('#')));
    const row = page.getByRole('row').filter({ hasText: 'ali@example.com' });
    await row.waitFor({ timeout: 20_000 });
    await expect
      .poll(() => row.getByRole('cell').nth(1).innerText(), { timeout: 20_000 })
      .toBe(arLogs.status.sent);
  },
  'sendOne/mailbox': async (walk) => {
    const frame = await openMail(walk, 'ali@example.com', 'Hello Ali');
    await frame.getByText('Hi Ali').waitFor();
    await frame.getByText('Will you come?').waitFor();
    // The campaign is written in the sender's language (Arabic here).
    await frame.getByRole('link', { name: arMail.campaign.survey.yes, exact: true }).waitFor();
    await frame.getByRole('link', { name: arMail.campaign.survey.no, exact: true }).waitFor();
  },
  'sendOne/answer': async (walk) => {
    const page = await answerPage(walk, '/answer?value=yes');
    await page.getByRole('heading', { name: arPages.answer.askTitle }).waitFor();
    await page.getByRole('button', { name: arPages.yes, exact: true }).click();
    await page.getByRole('heading', { name: arPages.answer.title }).waitFor();
    await page.getByText(fill(arPages.answer.recorded, { answer: arPages.yes })).waitFor();
    await page.close();
  },
  'sendOne/unsubscribe': async (walk) => {
    const page = await answerPage(walk, '/unsubscribe');
    await page.getByRole('heading', { name: arPages.unsubscribe.title }).waitFor();
    await page.getByRole('button', { name: arPages.unsubscribe.button }).click();
    await page.getByText(fill(arPages.unsubscribe.done, { email: 'ali@example.com' })).waitFor();
    await page.close();
  },
  'sendOne/suppressed': async ({ page }) => {
    await page.getByRole('dialog').getByRole('button', { name: arMailbox.close }).click();
    await openNav(page, ar.nav.logs, ar.nav.suppressions);
    const row = page.getByRole('row').filter({ hasText: 'ali@example.com' });
    await row.waitFor({ timeout: 15_000 });
    await row.getByText(arSuppressions.reasons.unsubscribed).waitFor();
  },

  'sendList/openWizard': openWizard(ar.nav.sendList, arSend.heading.lists),
  'sendList/chooseList': async ({ page }) => {
    await choose(
      page,
      arSend.recipients.lists,
      counted(arSend.recipients, 'listOption', 3, { name: 'Clients' }),
    );
    await next(page);
    await stepHeading(page, arSend.steps.message);
  },
  'sendList/message': async ({ page }) => {
    await writeMessage(page, 'Our offer for {{name}}', '<p>Our offer</p>');
    await next(page);
    await stepHeading(page, arSend.steps.attachments);
  },
  'sendList/attach': async ({ page }) => attach(page, 'terms.pdf'),
  'sendList/survey': async ({ page }) => {
    await page.getByRole('radio', { name: arSend.survey.custom }).check();
    await page
      .getByRole('textbox', { name: fill(arSend.survey.questionN, { index: 1 }) })
      .fill('Which day suits you?');
    await next(page);
    await stepHeading(page, arSend.steps.schedule);
    expect(await page.getByRole('radio', { name: arSend.schedule.now }).isChecked()).toBe(true);
  },
  'sendList/sendNow': async ({ page }) => {
    await next(page);
    await reviewShows(page, 3, 'terms.pdf');
  },
  'sendList/send': async ({ page }) => {
    await settledClick(page, await readyButton(page, arSend.nav.send));
    await sent(page, arSend.done.sent, 3);
  },
  'sendList/mailbox': async (walk) => {
    const frame = await openMail(walk, 'client2@example.com', 'Our offer for Client 2');
    await frame.getByText('Our offer').first().waitFor();
    await frame.getByRole('link', { name: arMail.campaign.survey.custom }).waitFor();
    await attachmentListed(walk.page, 'terms.pdf');
  },
  'sendList/answer': async (walk) => {
    const page = await answerPage(walk, '/survey');
    await page.getByRole('heading', { name: arPages.survey.title }).waitFor();
    await page.getByLabel('Which day suits you?').fill('Tuesday');
    await page.getByRole('button', { name: arPages.survey.submit }).click();
    await page.getByText(arPages.survey.thanks).waitFor();
    await page.close();
  },

  'sendGroup/openWizard': openWizard(ar.nav.sendGroup, arSend.heading.groups),
  'sendGroup/chooseGroup': async ({ page }) => {
    await choose(
      page,
      arSend.recipients.groups,
      counted(arSend.recipients, 'groupOption', 1, { name: 'Regulars' }),
    );
    await next(page);
    await stepHeading(page, arSend.steps.message);
  },
  'sendGroup/message': async ({ page }) => {
    await writeMessage(page, 'Meeting reminder', '<p>See you soon</p>');
    await next(page);
    await stepHeading(page, arSend.steps.attachments);
  },
  'sendGroup/noFiles': async ({ page }) => {
    await next(page);
    await stepHeading(page, arSend.steps.survey);
    expect(await page.getByRole('radio', { name: arSend.survey.none }).isChecked()).toBe(true);
  },
  'sendGroup/noSurvey': keepNoSurvey,
  'sendGroup/later': async ({ page }) => {
    await page.getByRole('radio', { name: arSend.schedule.later }).check();
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
    await page.getByLabel(arSend.schedule.at).fill(`${day}T09:00`);
    await next(page);
    await stepHeading(page, arSend.steps.review);
    await readyButton(page, arSend.nav.schedule);
    expect(await reviewCell(page, arSend.review.recipients).innerText()).toBe('3');
  },
  'sendGroup/send': async ({ page }) => {
    await settledClick(page, await readyButton(page, arSend.nav.schedule));
    await sent(page, arSend.done.scheduled, 3);
  },
  'sendGroup/openLog': async ({ page }) => {
    const link = page.getByRole('link', { name: arSend.done.log });
    const href = (await link.getAttribute('href')) ?? '';
    await link.click();
    await waitForRoute(page, href.slice(href.indexOf('#')));
    await page
      .getByText(arLogs.campaignStatus.scheduled, { exact: true })
      .first()
      .waitFor({ timeout: 15_000 });
    await page.getByText(arLogs.detail.scheduledAt).first().waitFor();
  },

  'sendExcel/openWizard': openWizard(ar.nav.sendExcel, arSend.heading.excel),
  'sendExcel/readFile': async ({ page }) => {
    await page.locator('input[type="file"]').setInputFiles({
      name: 'guests.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: guestsXlsx(),
    });
    await page.getByRole('button', { name: arSend.excel.read }).click();
    await page.getByText(counted(arSend.excel, 'rows', 2), { exact: true }).waitFor({ timeout: 30_000 });
    const mappedAs = (header: string) =>
      page.getByRole('combobox', { name: fill(arSend.excel.column, { name: header }) }).inputValue();
    expect(await mappedAs('email')).toBe(arSend.excel.targets.email);
    expect(await mappedAs('name')).toBe(arSend.excel.targets.name);
  },
  'sendExcel/useRows': async ({ page }) => {
    await page.getByRole('button', { name: arSend.excel.confirm }).click();
    await page
      .getByText(counted(arSend.recipients, 'fromFile', 2, { file: 'guests.xlsx' }), { exact: true })
      .waitFor();
  },
  'sendExcel/message': async ({ page }) => {
    await next(page);
    await stepHeading(page, arSend.steps.message);
    await writeMessage(page, 'Your invitation, {{name}}', '<p>Welcome</p>');
    await next(page);
    await stepHeading(page, arSend.steps.attachments);
  },
  'sendExcel/attach': async ({ page }) => attach(page, 'agenda.pdf'),
  'sendExcel/noSurvey': keepNoSurvey,
  'sendExcel/sendNow': async ({ page }) => {
    await next(page);
    await reviewShows(page, 2, 'agenda.pdf');
  },
  'sendExcel/send': async ({ page }) => {
    await settledClick(page, await readyButton(page, arSend.nav.send));
    await sent(page, arSend.done.sent, 2);
  },
  'sendExcel/mailbox': async (walk) => {
    const frame = await openMail(walk, 'guest2@example.com', 'Your invitation, Guest Two');
    await frame.getByText('Welcome').first().waitFor();
    await attachmentListed(walk.page, 'agenda.pdf');
  },
};

export const checks: Record<string, Driver> = {
  'send-wizard@editing.recipients.editing': async ({ page }) => {
    await stepHeading(page, arSend.steps.recipients);
    await page.getByLabel(arSend.recipients.email).waitFor();
  },
  'send-wizard@editing.message.editing': async ({ page }) => {
    await stepHeading(page, arSend.steps.message);
    await page.getByLabel(arSend.message.subject).waitFor();
    await page.getByLabel(arSend.message.senderName).waitFor();
  },
  'send-wizard@editing.attachments.editing': async ({ page }) => stepHeading(page, arSend.steps.attachments),
  'send-wizard@editing.survey': async ({ page }) => stepHeading(page, arSend.steps.survey),
  'send-wizard@editing.schedule': async ({ page }) => {
    await stepHeading(page, arSend.steps.schedule);
    await page.getByRole('radio', { name: arSend.schedule.now }).waitFor();
    await page.getByRole('radio', { name: arSend.schedule.later }).waitFor();
  },
  'send-wizard@editing.review.ready.idle': async ({ page }) => reviewShows(page, 1),
  'send-wizard@done': async ({ page }) => sent(page, arSend.done.sent, 1),
};
