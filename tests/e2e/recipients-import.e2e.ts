import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { validationKeys } from '../../contract/errors.contract.ts';
import ar from '../../src/i18n/locales/ar/common.json';
import arRecipients from '../../src/i18n/locales/ar/recipients.json';
import { useAppAndBrowser } from './support/app-and-browser.ts';
import { seriousViolations } from './support/axe.ts';
import { screenshot, waitForRoute } from './support/browser.ts';
import { signInAs } from './support/sign-in.ts';

const ROWS = 1_000;
const PAGE_SIZE = 20;

/** The Arabic text of a dotted common key such as `validation.required`. */
function arText(key: string): string {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], ar);
  if (typeof text !== 'string') throw new Error(`no Arabic text for ${key}`);
  return text;
}

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

/**
 * 1,000 data rows under Arabic headers. Sheet row 2 is the first data row, so data row i sits on
 * sheet row i + 2. Three are bad: an invalid address, an empty one, and a repeat (in other case)
 * of the first address, refused as a duplicate of row 2 (the first row of an address wins).
 */
function workbook(): { data: Buffer; invalidLine: number; emptyLine: number; repeatLine: number } {
  const rows: string[][] = [['البريد الإلكتروني', 'الاسم']];
  for (let i = 0; i < ROWS; i += 1) rows.push([`person${i}@example.test`, `مستلم ${i}`]);
  const invalid = 10;
  const empty = 500;
  rows[invalid + 1] = ['ليس-بريدًا', 'عنوان خاطئ'];
  rows[empty + 1] = ['', 'بلا عنوان'];
  rows[ROWS] = ['PERSON0@Example.TEST', 'علي المحدَّث'];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'المستلمون');
  const data = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  return { data, invalidLine: invalid + 2, emptyLine: empty + 2, repeatLine: ROWS + 1 };
}

describe('recipients import in the built app', () => {
  const run = useAppAndBrowser();

  it('imports a 1,000-row .xlsx with Arabic headers, summarises it and offers the rejected rows', async () => {
    const page = await run.newPage(1000);
    await signInAs(page, run.app.baseUrl, run.app.adminUsername, run.app.adminPassword);
    await page.goto(`${run.app.baseUrl}/#/dashboard/recipient`);
    await page.getByRole('heading', { level: 1, name: arRecipients.lists.title }).waitFor();

    const listName = `قائمة الاستيراد ${Date.now()}`;
    await page.getByLabel(arRecipients.lists.newName).fill(listName);
    await page.getByRole('button', { name: arRecipients.lists.add }).click();
    await page.getByRole('link', { name: listName }).click();
    await page.getByRole('heading', { level: 1, name: listName }).waitFor();
    expect(new URL(page.url()).hash).toMatch(/^#\/dashboard\/recipient\/[^/]+$/);

    const { data, invalidLine, emptyLine, repeatLine } = workbook();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'مستلمون.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: data,
    });
    await page.getByRole('button', { name: arRecipients.import.choose }).click();

    // Mapping: both Arabic headers were recognised by the worker's parse and the auto-mapping.
    // 1,000 takes the Arabic plural form `other` ("استيراد 1000 صف").
    const start = page.getByRole('button', { name: fill(arRecipients.import.start_other, { count: ROWS }) });
    await start.waitFor({ timeout: 30_000 });
    const emailSelect = page.getByRole('combobox', {
      name: `${arRecipients.import.mapTo} البريد الإلكتروني`,
    });
    expect(await emailSelect.inputValue()).toBe(arRecipients.fields.email);
    const nameSelect = page.getByRole('combobox', { name: `${arRecipients.import.mapTo} الاسم` });
    expect(await nameSelect.inputValue()).toBe(arRecipients.fields.name);
    await screenshot(page, 'recipients-import-mapping-ar');
    await start.click();

    await page.getByRole('heading', { name: arRecipients.import.summaryTitle }).waitFor({ timeout: 30_000 });
    await page.getByText(fill(arRecipients.import.added, { count: ROWS - 3 }), { exact: true }).waitFor();
    // A new list: nothing is "updated"; the repeat is refused with the invalid and the empty row.
    await page.getByText(fill(arRecipients.import.updated, { count: 0 }), { exact: true }).waitFor();
    await page.getByText(fill(arRecipients.import.rejected, { count: 3 }), { exact: true }).waitFor();
    await screenshot(page, 'recipients-import-summary-ar');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: arRecipients.import.downloadRejected }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('rejected-مستلمون.csv');
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toEqual([
      `${arRecipients.import.rowHeader},${arRecipients.import.reasonHeader},البريد الإلكتروني,الاسم`,
      `${invalidLine},${arText(validationKeys.email)},ليس-بريدًا,عنوان خاطئ`,
      `${emptyLine},${arText(validationKeys.required)},,بلا عنوان`,
      `${repeatLine},${fill(arText(validationKeys.duplicate), { first: 2 })},PERSON0@Example.TEST,علي المحدَّث`,
    ]);

    // The table: 997 distinct addresses (the repeat was refused), paged by 20.
    const distinct = ROWS - 3;
    await page.getByText(fill(ar.list.total, { count: distinct }), { exact: true }).waitFor();
    const pager = page.getByRole('navigation', { name: ar.list.pages });
    const lastPage = Math.ceil(distinct / PAGE_SIZE);
    await pager.getByRole('button', { name: fill(ar.list.page, { page: lastPage }) }).click();
    const table = page.getByRole('table');
    await expect
      .poll(() => table.locator('tbody tr').count(), { timeout: 10_000 })
      .toBe(distinct - (lastPage - 1) * PAGE_SIZE);

    // The first row of the address stands: its name and the address as it was written there.
    await page.getByRole('searchbox', { name: ar.list.searchLabel }).fill('person0@');
    await table.getByText('مستلم 0', { exact: true }).waitFor();
    await table.getByText('person0@example.test').waitFor();
    await page.getByText(fill(ar.list.total, { count: 1 }), { exact: true }).waitFor();
  });

  it('imports a sheet under a title row once its header row is picked, and says what it cleaned', async () => {
    const page = await run.newPage(1000);
    await signInAs(page, run.app.baseUrl, run.app.adminUsername, run.app.adminPassword);
    await page.goto(`${run.app.baseUrl}/#/dashboard/recipient`);
    const listName = `قائمة بعنوان ${Date.now()}`;
    await page.getByLabel(arRecipients.lists.newName).fill(listName);
    await page.getByRole('button', { name: arRecipients.lists.add }).click();
    await page.getByRole('link', { name: listName }).click();
    await page.getByRole('heading', { level: 1, name: listName }).waitFor();

    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['كشف المستلمين - نوفمبر'],
        [],
        ['البريد الإلكتروني', 'الاسم', 'الجوال'],
        ['lama@example.sa\u200F', 'لمى', 966501234567],
        ['x\u200B@example.sa', 'خفي', 966501234568],
        ['omar@example.sa', 'عمر', 966501234569],
      ]),
      'الورقة',
    );
    await page.locator('input[type="file"]').setInputFiles({
      name: 'كشف.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
    });
    await page.getByRole('button', { name: arRecipients.import.choose }).click();

    // The title is the header by default; the user picks row 3.
    const headerRow = page.getByRole('combobox', { name: arRecipients.import.headerRow });
    await headerRow.waitFor({ timeout: 30_000 });
    await headerRow.click();
    await page
      .getByRole('option', {
        name: fill(arRecipients.import.headerRowOption, {
          line: 3,
          text: 'البريد الإلكتروني | الاسم | الجوال',
        }),
      })
      .click();
    const startThree = page.getByRole('button', { name: fill(arRecipients.import.start_few, { count: 3 }) });
    await startThree.waitFor();
    // The choices above the mapping (header row, ASCII digits with the columns it changes) pass axe.
    await page.getByText(fill(arRecipients.import.asciiDigitsColumns, { columns: 'الجوال' })).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'recipients-import-header-row-ar');
    await startThree.click();

    await page.getByRole('heading', { name: arRecipients.import.summaryTitle }).waitFor({ timeout: 30_000 });
    await page.getByText(fill(arRecipients.import.added, { count: 2 }), { exact: true }).waitFor();
    await page.getByText(fill(arRecipients.import.rejected, { count: 1 }), { exact: true }).waitFor();
    await page.getByText(arRecipients.import.cleaned_one, { exact: true }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: arRecipients.import.downloadRejectedXlsx }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('rejected-كشف.xlsx');
    const rejected = XLSX.read(await readFile(await download.path()));
    expect(XLSX.utils.sheet_to_json(rejected.Sheets[rejected.SheetNames[0]!]!, { header: 1 })).toEqual([
      [
        arRecipients.import.rowHeader,
        arRecipients.import.reasonHeader,
        'البريد الإلكتروني',
        'الاسم',
        'الجوال',
      ],
      // Every digit of the number, as the worker read it from the General cell.
      ['5', arText(validationKeys.emailInvisible), 'x\u200B@example.sa', 'خفي', '966501234568'],
    ]);
  });

  it('opens the add-recipient dialog and adds a recipient', async () => {
    const page = await run.newPage(900);
    await signInAs(page, run.app.baseUrl, run.app.adminUsername, run.app.adminPassword);
    await page.goto(`${run.app.baseUrl}/#/dashboard/recipient`);
    const listName = `قائمة الإضافة ${Date.now()}`;
    await page.getByLabel(arRecipients.lists.newName).fill(listName);
    await page.getByRole('button', { name: arRecipients.lists.add }).click();
    await page.getByRole('link', { name: listName }).click();
    await waitForRoute(page, new URL(page.url()).hash);
    await page.getByRole('heading', { level: 1, name: listName }).waitFor();

    await page.getByRole('button', { name: arRecipients.list.addRecipient }).click();
    const dialog = page.getByRole('dialog', { name: arRecipients.form.addTitle });
    await dialog.waitFor();
    await dialog.getByLabel(arRecipients.fields.email).fill('new.person@Example.TEST');
    await dialog.getByLabel(arRecipients.fields.name).fill('شخص جديد');
    await dialog.getByRole('button', { name: arRecipients.form.save }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(arRecipients.toast.added).waitFor();
    await page.getByRole('table').getByText('new.person@example.test').waitFor();
  });
});
