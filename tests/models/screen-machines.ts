import type { EventObject } from 'xstate';
import { assign } from 'xstate';
import { SESSION_MARKERS } from '../../contract/session-marker.ts';
import { contactInboxMachine } from '../../src/machines/contact-inbox.machine.ts';
import { csvExportMachine } from '../../src/machines/csv-export.machine.ts';
import { apiReferenceMachine } from '../../src/machines/developer/api-reference.machine.ts';
import { apiKeyFormMachine, webhookFormMachine } from '../../src/machines/developer/forms.ts';
import { developerRequestsMachine } from '../../src/machines/developer/requests.machine.ts';
import { listMachine } from '../../src/machines/list.machine.ts';
import { campaignEntryMachine } from '../../src/machines/logs/campaign-entry.machine.ts';
import { homeSummaryMachine } from '../../src/machines/logs/home-summary.machine.ts';
import { homeTrendMachine } from '../../src/machines/logs/home-trend.machine.ts';
import { mailboxMachine } from '../../src/machines/mailbox.machine.ts';
import { invoiceMachine } from '../../src/machines/payments/invoice.machine.ts';
import { paymentSettingsMachine } from '../../src/machines/payments/payment-settings.machine.ts';
import { recipientImportMachine } from '../../src/machines/recipient-import.machine.ts';
import { creditCheckMachine } from '../../src/machines/send-wizard/credit-check.machine.ts';
import { excelImportMachine } from '../../src/machines/send-wizard/excel-import.machine.ts';
import { sessionMachine } from '../../src/machines/session.machine.ts';
import { submitMachine } from '../../src/machines/submit.machine.ts';
import { templateEditorMachine } from '../../src/machines/template-editor.machine.ts';
import { userFormMachine } from '../../src/machines/user-form.machine.ts';
import { adminUser } from '../support/fixtures.ts';
import type { MachineModel } from './catalog.ts';

/**
 * The catalog's entries for the screens' own machines (lists, Mailbox, imports, editors, the
 * developer tools, invoices and payment settings, the session): see tests/models/catalog.ts.
 */
type Sample = EventObject & Record<string, unknown>;
const failure = (actor: string, code: string, status: number | null): Sample => ({
  type: `xstate.error.actor.${actor}`,
  error: { code, status },
});
const done = (actor: string, output: unknown): Sample => ({ type: `xstate.done.actor.${actor}`, output });
/** The list and contact-inbox machines tell their list to read again: a stand-in is enough here. */
const listStandIn = { send: () => undefined };
const message = (read: boolean) => ({
  id: 'm1',
  full_name: 'Salma Ahmed',
  email: 'salma@example.com',
  phone: '',
  company: '',
  message: 'We would like a demo.',
  read,
  created_at: '2026-11-24T09:00:00Z',
});
const page = (count: number) => ({
  count,
  results: Array.from({ length: Math.min(count, 1) }, (_, i) => ({ id: `r${i + 1}` })),
});
const settings = {
  bank_instructions_ar: 'IBAN',
  bank_instructions_en: 'IBAN',
  custom_price_per_credit: null,
  custom_currency: 'SAR',
  custom_min_credits: 100,
  seller_name: 'El Namer',
  seller_address: '',
  seller_tax_number: '',
};
const sheet = {
  headers: ['name', 'email'],
  rows: [
    { line: 2, cells: ['Ali', 'ali@example.com'] },
    { line: 3, cells: ['Mona', 'not-an-address'] },
  ],
};
const file = { name: 'recipients.xlsx', size: 1 };
const template = {
  id: 'tpl-1',
  name: 'Offer',
  subject: 'Hi {{name}}',
  content: '<p>Dear {{name}}</p>',
  editor: 'html',
  variables: [],
  owner_id: 'u1',
  owner_username: 'sara',
  created_at: '2026-11-24T00:00:00Z',
  updated_at: '2026-11-24T00:00:00Z',
};
const secretForm = (id: string, valid: Record<string, unknown>, invalid: Record<string, unknown>) => ({
  samples: {
    'form.change': [
      { type: 'form.change', changes: valid },
      { type: 'form.change', changes: invalid },
    ],
    [`xstate.done.actor.0.${id}.submitting`]: [done(`0.${id}.submitting`, { secret: 'secret-shown-once' })],
    [`xstate.error.actor.0.${id}.submitting`]: [
      failure(`0.${id}.submitting`, 'errors.validation', 400),
      failure(`0.${id}.submitting`, 'errors.network', null),
    ],
  },
  // Whether the draft can be sent is what the guard reads.
  stateKey: (context: { draft: Record<string, unknown> }) =>
    JSON.stringify(context.draft) === JSON.stringify(valid),
});

export const screenMachineModels: MachineModel[] = [
  {
    name: 'contact-inbox',
    description: 'Contact messages: opening one marks it read; marking it unread again.',
    machine: contactInboxMachine,
    input: { list: listStandIn },
    samples: {
      'message.open': [
        { type: 'message.open', message: message(false) },
        { type: 'message.open', message: message(true) },
      ],
      'xstate.done.actor.markRead': [done('markRead', message(true))],
      'xstate.error.actor.markRead': [failure('markRead', 'errors.network', null)],
      'xstate.done.actor.markUnread': [done('markUnread', message(false))],
      'xstate.error.actor.markUnread': [failure('markUnread', 'errors.network', null)],
    },
  },
  {
    name: 'csv-export',
    description: 'Exporting a table as a file (recipients, suppressions, the e-mail log).',
    machine: csvExportMachine,
    samples: {
      'export.start': [
        { type: 'export.start', request: { search: '', page: 1, page_size: 20, filters: {} } },
      ],
      'xstate.done.actor.0.csvExport.exporting': [
        done('0.csvExport.exporting', { blob: 'a,b', fileName: 'recipients.csv' }),
      ],
      'xstate.error.actor.0.csvExport.exporting': [failure('0.csvExport.exporting', 'errors.network', null)],
    },
  },
  {
    name: 'api-reference',
    description: 'Settings -> HTTP v1 reference: loading the OpenAPI document.',
    machine: apiReferenceMachine,
    samples: {
      'xstate.done.actor.0.apiReference.loading': [done('0.apiReference.loading', { openapi: '3.1.0' })],
      'xstate.error.actor.0.apiReference.loading': [
        failure('0.apiReference.loading', 'errors.network', null),
      ],
    },
  },
  {
    name: 'api-key-form',
    description: 'Settings -> API keys: creating a key, shown once.',
    machine: apiKeyFormMachine,
    ...secretForm('apiKeyForm', { name: 'CRM', scopes: ['send', 'read'], expires: '' }, { name: '' }),
  },
  {
    name: 'webhook-form',
    description: 'Settings -> Webhooks: adding an endpoint, its signing secret shown once.',
    machine: webhookFormMachine,
    ...secretForm(
      'webhookForm',
      { url: 'https://hooks.example.com/el-namer', events: ['message.sent', 'message.failed'] },
      { url: 'not-an-address' },
    ),
  },
  {
    name: 'developer-requests',
    description: 'Webhooks: turning an endpoint on or off, and sending a delivery again.',
    machine: developerRequestsMachine,
    samples: {
      request: [
        { type: 'request', request: { kind: 'toggle', id: 'w1', enabled: false } },
        { type: 'request', request: { kind: 'replay', id: 'w1', delivery: 'd1' } },
      ],
      'xstate.done.actor.0.developerRequests.working': [done('0.developerRequests.working', {})],
      'xstate.error.actor.0.developerRequests.working': [
        failure('0.developerRequests.working', 'errors.network', null),
      ],
    },
  },
  {
    name: 'list',
    description: 'Every table with search, pages and delete (lists, recipients, templates, users…).',
    machine: listMachine,
    input: {},
    samples: {
      'list.search': [{ type: 'list.search', text: 'ali' }],
      // Raised by the search box itself a moment after the typing stops (walked as list.search).
      'list.search.commit': [],
      'list.page': [{ type: 'list.page', page: 2 }],
      'list.pageSize': [],
      'list.order': [],
      'list.filter': [],
      'list.delete.request': [{ type: 'list.delete.request', id: 'r1' }],
      'xstate.done.actor.fetchPage': [done('fetchPage', page(25)), done('fetchPage', page(0))],
      'xstate.error.actor.fetchPage': [failure('fetchPage', 'errors.network', null)],
      'xstate.done.actor.deleteItem': [done('deleteItem', undefined)],
      'xstate.error.actor.deleteItem': [failure('deleteItem', 'validation.inUse', 409)],
    },
    stateKey: (context: { query: { page: number; search: string } }) => [
      context.query.page,
      context.query.search,
    ],
  },
  {
    name: 'campaign-entry',
    description: 'Logs -> one campaign: loading it, a campaign that is gone, reloading.',
    machine: campaignEntryMachine,
    input: { id: 'k1' },
    samples: {
      'xstate.done.actor.0.campaignEntry.loading': [done('0.campaignEntry.loading', { id: 'k1' })],
      'xstate.error.actor.0.campaignEntry.loading': [
        failure('0.campaignEntry.loading', 'errors.notFound', 404),
        failure('0.campaignEntry.loading', 'errors.network', null),
      ],
    },
    stateKey: (context: { entry: unknown }) => context.entry !== null,
  },
  {
    name: 'home-summary',
    description: 'The overview’s figures: credits, sends and recent campaigns.',
    machine: homeSummaryMachine,
    samples: {
      'xstate.done.actor.0.homeSummary.loading': [done('0.homeSummary.loading', { balance: 50 })],
      'xstate.error.actor.0.homeSummary.loading': [failure('0.homeSummary.loading', 'errors.network', null)],
    },
    stateKey: (context: { summary: unknown }) => context.summary !== null,
  },
  {
    name: 'home-trend',
    description: 'The overview’s chart of sends, opens and answers per day.',
    machine: homeTrendMachine,
    samples: {
      'xstate.done.actor.0.homeTrend.loading': [done('0.homeTrend.loading', { days: [] })],
      'xstate.error.actor.0.homeTrend.loading': [failure('0.homeTrend.loading', 'errors.network', null)],
    },
  },
  {
    name: 'mailbox',
    description: 'Mailbox: opening a captured message, downloading its files, emptying the mailbox.',
    machine: mailboxMachine,
    input: { list: listStandIn },
    samples: {
      'mail.open': [{ type: 'mail.open', id: 'm1' }],
      // Four regions side by side: walking them all multiplies the paths past minutes of walking.
      // A download is independent of the rest (tests/unit covers it); the capture status is read
      // once when the page opens.
      'mail.download': [],
      'xstate.done.actor.0.mailbox.download.downloading': [],
      'xstate.error.actor.0.mailbox.download.downloading': [],
      // Emptying the mailbox is a region of its own too: walked beside the viewer it multiplies
      // every path again (tests/unit and tests/screens cover the question and its answers).
      'mailbox.clear.request': [],
      'mailbox.clear.cancel': [],
      'mailbox.clear.confirm': [],
      'xstate.done.actor.0.mailbox.clearing.clearing': [],
      'xstate.error.actor.0.mailbox.clearing.clearing': [],
      'xstate.done.actor.0.mailbox.status.loading': [done('0.mailbox.status.loading', { capturing: true })],
      'xstate.error.actor.0.mailbox.status.loading': [],
    },
  },
  {
    name: 'invoice',
    description: 'Financial -> an order’s invoice: loading it and printing.',
    machine: invoiceMachine,
    input: { orderId: 'order-1' },
    samples: {
      'xstate.done.actor.loadInvoice': [done('loadInvoice', { number: 1 })],
      'xstate.error.actor.loadInvoice': [failure('loadInvoice', 'errors.notFound', 404)],
    },
  },
  {
    name: 'payment-settings',
    description: 'Financial -> Packages: the payment settings (bank transfer, custom amounts, seller).',
    machine: paymentSettingsMachine,
    samples: {
      'xstate.done.actor.loadSettings': [done('loadSettings', settings)],
      'xstate.error.actor.loadSettings': [failure('loadSettings', 'errors.network', null)],
      'settings.change': [{ type: 'settings.change', field: 'seller_name', value: 'El Namer Ltd' }],
      'xstate.done.actor.saveSettings': [done('saveSettings', settings)],
      'xstate.error.actor.saveSettings': [failure('saveSettings', 'errors.validation', 400)],
    },
  },
  {
    name: 'recipient-import',
    description: 'A recipient list’s import from Excel or CSV: reading, matching columns, uploading.',
    machine: recipientImportMachine,
    input: { listId: 'list-1', chunkSize: 2 },
    samples: {
      'import.pick': [
        { type: 'import.pick', file },
        { type: 'import.pick', file: { name: 'notes.pdf', size: 1 } },
      ],
      'xstate.done.actor.parseFile': [done('parseFile', sheet)],
      'xstate.error.actor.parseFile': [failure('parseFile', 'errors.network', null)],
      'import.map': [{ type: 'import.map', column: 1, target: 'email' }],
      // The sheet, header row and digit choices each read the file again the same way.
      'import.sheet': [],
      'import.header': [],
      'import.digits': [],
      'xstate.done.actor.uploadChunk': [
        done('uploadChunk', {
          added: 1,
          updated: 0,
          rejected: [{ row: 3, reason: 'validation.email' }],
          cleaned: 0,
        }),
      ],
      'xstate.error.actor.uploadChunk': [failure('uploadChunk', 'errors.network', null)],
    },
  },
  {
    name: 'credit-check',
    description: 'The send wizard’s question to the server: what the send would cost.',
    machine: creditCheckMachine,
    input: { request: { source: { type: 'single', recipient: { email: 'ali@example.com' } } } },
    samples: {
      'xstate.done.actor.checkSend': [done('checkSend', { cost: 1, balance: 50 })],
      'xstate.error.actor.checkSend': [failure('checkSend', 'errors.network', null)],
    },
  },
  {
    name: 'excel-import',
    description: 'The send wizard’s Excel file: reading it, matching columns, confirming the rows.',
    machine: excelImportMachine,
    samples: {
      'excel.pick': [
        { type: 'excel.pick', file },
        { type: 'excel.pick', file: { name: 'notes.pdf', size: 1 } },
      ],
      'xstate.done.actor.parseFile': [done('parseFile', sheet)],
      'xstate.error.actor.parseFile': [failure('parseFile', 'errors.network', null)],
      'excel.map': [{ type: 'excel.map', column: 1, target: 'email' }],
      'excel.sheet': [],
      'excel.header': [],
      'excel.digits': [],
    },
  },
  {
    name: 'session',
    description: 'Which part of the app the page shows: signed out, a sender’s or an administrator’s.',
    // In the app, readMarker reads the session cookie; here the event carries what it would read.
    machine: sessionMachine.provide({
      actions: {
        readMarker: assign({
          marker: ({ event }) => (event as { marker?: string | null }).marker ?? null,
        }) as never,
      },
    }),
    source: sessionMachine,
    samples: {
      'session.changed': [
        { type: 'session.changed', marker: SESSION_MARKERS.admin },
        { type: 'session.changed', marker: SESSION_MARKERS.sender },
        { type: 'session.changed', marker: null },
      ],
    },
  },
  {
    name: 'submit',
    description: 'The profile’s forms (details, password): checking, saving, the server’s answer.',
    machine: submitMachine,
    input: {
      successKey: 'profile:saved',
      check: (values: { name?: string }) => (values.name ? {} : { name: 'validation.required' }),
    },
    samples: {
      submit: [
        { type: 'submit', values: { name: 'Ada' } },
        { type: 'submit', values: { name: '' } },
      ],
      'xstate.error.actor.save': [failure('save', 'errors.validation', 400)],
    },
  },
  {
    name: 'template-editor',
    description: 'Templates -> a template: loading, editing, variables, saving and leaving.',
    machine: templateEditorMachine,
    input: { templateId: 'tpl-1' },
    samples: {
      'xstate.done.actor.loadTemplate': [done('loadTemplate', template)],
      'xstate.error.actor.loadTemplate': [failure('loadTemplate', 'errors.network', null)],
      'template.edit': [{ type: 'template.edit', field: 'name', value: 'Welcome' }],
      // Switching editors and the variables list change the draft as typing does.
      'template.mode': [],
      'variable.add': [],
      'variable.remove': [],
      'xstate.done.actor.saveTemplate': [done('saveTemplate', { ...template, name: 'Welcome' })],
      'xstate.error.actor.saveTemplate': [failure('saveTemplate', 'errors.validation', 400)],
    },
    stateKey: (context: { dirty: boolean }) => context.dirty,
  },
  {
    name: 'user-form',
    description: 'Users: the create, edit and add-credits dialogs.',
    machine: userFormMachine,
    samples: {
      'userForm.edit': [
        { type: 'userForm.edit', user: { ...adminUser, created_at: '2026-11-01T00:00:00Z' } },
      ],
      'userForm.quota': [
        { type: 'userForm.quota', user: { ...adminUser, created_at: '2026-11-01T00:00:00Z' } },
      ],
      'userForm.change': [{ type: 'userForm.change', field: 'amount', value: '500' }],
      'xstate.error.actor.save': [failure('save', 'errors.validation', 400)],
    },
    stateKey: (context: { kind: string; values: { amount?: string } }) => [
      context.kind,
      context.values.amount,
    ],
  },
];
