import type { AnyStateMachine, EventObject } from 'xstate';
import { authMachine } from '../../src/machines/auth.machine.ts';
import { campaignControlMachine } from '../../src/machines/logs/campaign-control.machine.ts';
import { contactFormMachine } from '../../src/machines/contact-form.machine.ts';
import { requestResetMachine } from '../../src/machines/password-reset/request-reset.machine.ts';
import { resetPasswordMachine } from '../../src/machines/password-reset/reset-password.machine.ts';
import { activeThemeMachine } from '../../src/machines/themes/active-theme.machine.ts';
import { themeActivationMachine } from '../../src/machines/themes/theme-activation.machine.ts';
import { themeFormMachine } from '../../src/machines/themes/theme-form.machine.ts';
import { senderIdentitiesMachine } from '../../src/machines/senders/sender-identities.machine.ts';
import { tokenRefreshMachine } from '../../src/machines/token-refresh.machine.ts';
import { SESSION_MARKERS } from '../../contract/session-marker.ts';
import { adminUser } from '../support/fixtures.ts';
import { orderMachine } from '../../src/machines/payments/order.machine.ts';
import { rechargeMachine } from '../../src/machines/payments/recharge.machine.ts';
import { receiptMachine } from '../../src/machines/payments/receipt.machine.ts';
import { statementMachine } from '../../src/machines/payments/statement.machine.ts';
import { creditPackages, orderDetail, paymentOptions } from '../support/payments-fixtures.ts';
import { addSuppressionsMachine } from '../../src/machines/suppressions/add-suppressions.machine.ts';
import { securityOverviewMachine } from '../../src/machines/security/security-overview.machine.ts';
import { releaseSuppressionsMachine } from '../../src/machines/suppressions/release-suppressions.machine.ts';
import { bankAccountsMachine } from '../../src/machines/payments/bank-accounts.machine.ts';
import { screenMachineModels } from './screen-machines.ts';
import { sendWizardModel } from './send-wizard.model.ts';

/**
 * Every machine whose paths QA reviews (`npm run test:paths`). A machine is walked through the
 * model built from it (tests/support/model-machine.ts), so its invocations' completions and
 * delays are events too. Events whose guards read a payload get sample payloads here; every other
 * event the machine knows is tried bare. A new machine is added with one entry.
 */
export interface MachineModel {
  name: string;
  /** One English sentence: what the machine drives. */
  description: string;
  machine: AnyStateMachine;
  input?: unknown;
  /** Payload variants for events whose guards or actions read them, by event type. */
  samples?: Record<string, Array<EventObject & Record<string, unknown>>>;
  /**
   * What of the context tells two states apart for the walk (guards read it: a form is sent only
   * once filled). States are told apart by their value alone otherwise, which keeps paths bounded.
   */
  stateKey?: (context: never) => unknown;
  /** Readable names for events, by type; the type itself otherwise. */
  labels?: Record<string, string>;
  /**
   * The machine src/ exports, when `machine` is made from it for the walk (.provide() of an
   * action that reads the browser): tests/unit/qa-catalog.test.ts finds the machine by it.
   */
  source?: AnyStateMachine;
}

const failure = (actor: string, code: string, status: number | null) => ({
  type: `xstate.error.actor.${actor}`,
  error: { code, status },
});
const campaignState = (status: string) => ({
  id: 'k1',
  status,
  recipients_count: 2,
  counts: { queued: 1, sending: 0, sent: 1, failed: 0, blocked: 0, cancelled: 0 },
  scheduled_at: null,
  started_at: '2026-11-24T09:00:00.000Z',
  finished_at: null,
});
const theme = (id: string, isActive: boolean) => ({
  id,
  name: `Theme ${id}`,
  primary_color: '#123456',
  secondary_color: '#234567',
  accent_color: '#345678',
  is_active: isActive,
});

const identities = () => ({
  domains: [
    {
      id: 'd1',
      domain: 'mail.example.test',
      dkim_selector: 's1',
      verified_at: null,
      last_checked_at: null,
      records: [],
    },
  ],
  emails: [{ id: 'e1', email: 'news@mail.example.test', domain_id: 'd1' }],
  names: [{ id: 'n1', name: 'Newsroom' }],
});

const storedSignIn = { user: adminUser, access: 'access', refresh: 'refresh' };

export const machineModels: MachineModel[] = [
  {
    name: 'auth',
    description: 'The sign-in form: submitting credentials and what the server answers.',
    machine: authMachine,
    samples: {
      'auth.login': [
        { type: 'auth.login', username: 'admin', password: 'a-long-password' },
        { type: 'auth.login', username: '', password: '' },
      ],
      'auth.tokensRefreshed': [{ type: 'auth.tokensRefreshed', access: 'access', refresh: 'refresh' }],
      // Two-factor sign-in: the code from the app, a recovery code, and one too short to send.
      'auth.code': [
        { type: 'auth.code', code: '123456', kind: 'totp' },
        { type: 'auth.code', code: 'abcde-fgh23', kind: 'recovery' },
        { type: 'auth.code', code: '12', kind: 'totp' },
      ],
      'xstate.done.actor.login': [
        { type: 'xstate.done.actor.login', output: { two_factor_required: true, ticket: 'ticket' } },
        {
          type: 'xstate.done.actor.login',
          output: { user: adminUser, access: 'access', refresh: 'refresh' },
        },
      ],
      'xstate.error.actor.loginTwoFactor': [
        failure('loginTwoFactor', 'errors.invalidCode', 401),
        failure('loginTwoFactor', 'errors.signInExpired', 401),
      ],
      // What the page finds at load: a stored sign-in with its cookie, nothing, or tokens whose
      // cookie is gone (src/machines/auth-rules.ts).
      'xstate.done.actor.restoreSession': [
        {
          type: 'xstate.done.actor.restoreSession',
          output: { stored: storedSignIn, marker: SESSION_MARKERS.admin },
        },
        { type: 'xstate.done.actor.restoreSession', output: { stored: null, marker: null } },
        { type: 'xstate.done.actor.restoreSession', output: { stored: storedSignIn, marker: null } },
      ],
    },
  },
  {
    name: 'token-refresh',
    description: 'Renews the access token once for every request that needs it.',
    machine: tokenRefreshMachine,
  },
  {
    name: 'active-theme',
    description: 'The themes the app is coloured from: loaded on sign-in, read again after a change.',
    machine: activeThemeMachine,
    samples: {
      'xstate.done.actor.loadThemes': [
        { type: 'xstate.done.actor.loadThemes', output: [theme('t1', true), theme('t2', false)] },
      ],
      'xstate.error.actor.loadThemes': [failure('loadThemes', 'errors.network', null)],
    },
  },
  {
    name: 'theme-form',
    description: 'The themes screen’s add form: sending a new theme and what the server answers.',
    machine: themeFormMachine,
    samples: {
      'theme.form.change': [{ type: 'theme.form.change', field: 'name', value: 'Ocean' }],
      'xstate.error.actor.createTheme': [failure('createTheme', 'errors.conflict', 409)],
    },
  },
  {
    name: 'theme-activation',
    description: 'Activating a theme from its card on the themes screen.',
    machine: themeActivationMachine,
    samples: {
      'theme.activate': [{ type: 'theme.activate', id: 't2' }],
      'xstate.error.actor.activateTheme': [failure('activateTheme', 'errors.notFound', 404)],
    },
  },
  {
    name: 'request-reset',
    description: 'Forgot password: asking for a reset link by e-mail.',
    machine: requestResetMachine,
    stateKey: (context: { email: string }) => context.email !== '',
    samples: {
      'reset.email.change': [{ type: 'reset.email.change', value: 'user@example.com' }],
      'reset.request': [{ type: 'reset.request', language: 'en' }],
      'xstate.error.actor.requestResetLink': [
        failure('requestResetLink', 'errors.accountNotFound', 404),
        failure('requestResetLink', 'errors.network', null),
      ],
    },
  },
  {
    name: 'reset-password',
    description: 'Reset password: checking the link, then setting a new password.',
    machine: resetPasswordMachine,
    stateKey: (context: { password: string; confirmation: string }) => [
      context.password !== '',
      context.confirmation !== '',
    ],
    input: { token: 'a-token-from-the-link' },
    samples: {
      'reset.password.change': [{ type: 'reset.password.change', value: 'A-strong-pass-2026' }],
      'reset.confirmation.change': [{ type: 'reset.confirmation.change', value: 'A-strong-pass-2026' }],
      'xstate.error.actor.checkResetLink': [
        failure('checkResetLink', 'errors.invalidResetLink', 400),
        failure('checkResetLink', 'errors.network', null),
      ],
      'xstate.error.actor.resetPassword': [failure('resetPassword', 'errors.network', null)],
    },
  },
  {
    name: 'contact-form',
    description: 'The landing page’s contact form.',
    machine: contactFormMachine,
    stateKey: (context: { values: Record<string, string> }) =>
      Object.keys(context.values).filter((field) => context.values[field] !== ''),
    samples: {
      'contact.change': [
        { type: 'contact.change', field: 'full_name', value: 'Salma Ahmed' },
        { type: 'contact.change', field: 'phone', value: '+20 100 000 0000' },
        { type: 'contact.change', field: 'email', value: 'salma@example.com' },
        { type: 'contact.change', field: 'company', value: 'El Namer' },
        { type: 'contact.change', field: 'message', value: 'We would like a demo.' },
      ],
      'contact.send': [{ type: 'contact.send', language: 'en' }],
      'xstate.error.actor.sendContactMessage': [failure('sendContactMessage', 'errors.network', null)],
    },
  },
  {
    name: 'sender-identities',
    description: 'One user’s sender domains, addresses and names: loading, checking a domain, removing.',
    machine: senderIdentitiesMachine,
    input: { userId: 'u1' },
    samples: {
      'identities.check': [{ type: 'identities.check', domainId: 'd1' }],
      'identities.remove': [{ type: 'identities.remove', kind: 'name', id: 'n1' }],
      'identities.added': [{ type: 'identities.added', kind: 'name', item: { id: 'n2', name: 'Support' } }],
      'xstate.done.actor.loadIdentities': [
        {
          type: 'xstate.done.actor.loadIdentities',
          output: { user: { id: 'u1' }, identities: identities() },
        },
      ],
      'xstate.done.actor.checkDomain': [
        { type: 'xstate.done.actor.checkDomain', output: { ...identities().domains[0], verified_at: 'now' } },
      ],
      'xstate.error.actor.loadIdentities': [failure('loadIdentities', 'errors.network', null)],
      'xstate.error.actor.checkDomain': [failure('checkDomain', 'errors.notFound', 404)],
      'xstate.error.actor.removeIdentity': [failure('removeIdentity', 'errors.notFound', 404)],
    },
  },
  {
    name: 'campaign-control',
    description: 'The e-mail log’s live figures while a campaign sends, and its pause, resume and cancel.',
    machine: campaignControlMachine,
    samples: {
      'campaigns.watch': [{ type: 'campaigns.watch', campaigns: [{ id: 'k1', status: 'sending' }] }],
      // Coming back to the tab does what the interval's end does (waiting -> fetching): walked
      // too, it would double every journey through that step (tests/unit/logs covers it).
      'campaigns.recheck': [],
      'campaign.pause': [{ type: 'campaign.pause', id: 'k1' }],
      'campaign.resume': [{ type: 'campaign.resume', id: 'k1' }],
      'campaign.cancel': [{ type: 'campaign.cancel', id: 'k1' }],
      'xstate.done.actor.fetchStates': [
        { type: 'xstate.done.actor.fetchStates', output: [campaignState('completed')] },
      ],
      'xstate.error.actor.fetchStates': [failure('fetchStates', 'errors.network', null)],
      'xstate.done.actor.changeCampaign': [
        { type: 'xstate.done.actor.changeCampaign', output: campaignState('paused') },
      ],
      'xstate.error.actor.changeCampaign': [failure('changeCampaign', 'errors.campaignState', 409)],
    },
    // The live status decides which buttons work; the rest of the context only repeats it.
    stateKey: (context: { live: Record<string, { status: string }> }) => context.live.k1?.status ?? null,
  },
  {
    name: 'payment-order',
    description:
      'One recharge order: loading it, polling while pending, and cancelling, settling or refunding it.',
    machine: orderMachine,
    input: { orderId: 'order-1' },
    samples: {
      'xstate.done.actor.loadOrder': (['pending', 'paid', 'refunded', 'expired'] as const).map((status) => ({
        type: 'xstate.done.actor.loadOrder',
        output: orderDetail(status),
      })),
      'xstate.done.actor.pollOrder': (['pending', 'paid'] as const).map((status) => ({
        type: 'xstate.done.actor.pollOrder',
        output: orderDetail(status),
      })),
      'xstate.error.actor.loadOrder': [failure('loadOrder', 'errors.unauthorized', 401)],
      'xstate.error.actor.pollOrder': [failure('pollOrder', 'errors.network', null)],
      'xstate.done.actor.actOnOrder': [{ type: 'xstate.done.actor.actOnOrder', output: orderDetail('paid') }],
      'xstate.error.actor.actOnOrder': [failure('actOnOrder', 'errors.conflict', 409)],
      'order.reject': [
        { type: 'order.reject', reason: 'no transfer arrived' },
        { type: 'order.reject', reason: ' ' },
      ],
      // Reloading by hand does what the poll does; walked too, it would double every journey.
      'order.reload': [],
    },
    stateKey: (context: { order: { status: string } | null; acting: string | null }) => [
      context.order?.status ?? null,
      context.acting,
    ],
  },
  {
    name: 'recharge',
    description:
      'Financial -> Recharge: choosing a package or a custom amount and a payment method, then paying.',
    machine: rechargeMachine,
    samples: {
      'xstate.done.actor.loadCatalog': [
        {
          type: 'xstate.done.actor.loadCatalog',
          output: { packages: creditPackages, options: paymentOptions },
        },
      ],
      'xstate.error.actor.loadCatalog': [failure('loadCatalog', 'errors.network', null)],
      'recharge.package': [{ type: 'recharge.package', id: 'p1' }],
      'recharge.credits': [
        { type: 'recharge.credits', credits: 50 },
        { type: 'recharge.credits', credits: 5 },
      ],
      'recharge.provider': [
        { type: 'recharge.provider', provider: 'stripe' },
        { type: 'recharge.provider', provider: 'manual' },
      ],
      'recharge.submit': [{ type: 'recharge.submit', language: 'en' }],
      'xstate.done.actor.placeOrder': [
        { type: 'xstate.done.actor.placeOrder', output: orderDetail('pending') },
      ],
      'xstate.error.actor.placeOrder': [failure('placeOrder', 'errors.validation', 400)],
    },
    stateKey: (context: { choice: unknown; provider: string | null }) => [context.choice, context.provider],
  },
  {
    name: 'statement',
    description:
      'Financial -> Account statement: the type and date filters of the statement and the totals of the filtered period.',
    machine: statementMachine,
    input: { userId: null },
    samples: {
      'xstate.done.actor.loadSummary': [
        {
          type: 'xstate.done.actor.loadSummary',
          output: {
            user: { id: 'u-sender', username: 'sam', balance: 97 },
            count: 2,
            credits_in: 100,
            credits_out: 3,
            net: 97,
            opening_balance: 0,
            closing_balance: 97,
          },
        },
      ],
      'xstate.error.actor.loadSummary': [failure('loadSummary', 'errors.network', null)],
      'statement.type': [
        { type: 'statement.type', value: 'send' },
        { type: 'statement.type', value: '' },
      ],
      'statement.range': [
        { type: 'statement.range', from: '2026-11-01', to: '2026-11-30' },
        { type: 'statement.range', from: '2026-11-30', to: '2026-11-01' },
      ],
    },
    // Whether a type and a range are set decides what a change does (a repeat loads nothing);
    // the totals and the range warning only follow. A finer key makes the walk explode.
    stateKey: (context: { filters: { type?: string; from?: string } }) => [
      Boolean(context.filters.type),
      Boolean(context.filters.from),
    ],
  },
  {
    name: 'receipt',
    description:
      'A bank-transfer order’s receipt: choosing a file, attaching it to the pending order, opening the one attached.',
    machine: receiptMachine,
    input: { orderId: 'order-1' },
    samples: {
      'receipt.choose': [
        { type: 'receipt.choose', file: { name: 'transfer.png', type: 'image/png', size: 20_000 } },
        { type: 'receipt.choose', file: { name: 'transfer.gif', type: 'image/gif', size: 20_000 } },
        { type: 'receipt.choose', file: { name: 'scan.pdf', type: 'application/pdf', size: 6_000_000 } },
      ],
      'xstate.done.actor.attachReceipt': [
        {
          type: 'xstate.done.actor.attachReceipt',
          output: orderDetail('pending', { receipt_upload_id: 'up-1' }),
        },
      ],
      'xstate.error.actor.attachReceipt': [failure('attachReceipt', 'errors.conflict', 409)],
      'xstate.done.actor.fetchReceipt': [
        {
          type: 'xstate.done.actor.fetchReceipt',
          output: { blob: new Blob(['x']), fileName: 'receipt.png' },
        },
      ],
      'xstate.error.actor.fetchReceipt': [failure('fetchReceipt', 'errors.notFound', 404)],
    },
    // Whether a file is kept (and why one was refused) is what the attach guard reads.
    stateKey: (context: { file: unknown; problem: string | null }) => [
      context.file !== null,
      context.problem,
    ],
  },
  {
    name: 'add-suppressions',
    description: 'Logs -> Suppression list: adding addresses by hand.',
    machine: addSuppressionsMachine,
    samples: {
      'add.change': [
        { type: 'add.change', text: 'blocked@example.com' },
        { type: 'add.change', text: 'not-an-address' },
      ],
      'xstate.error.actor.addEmails': [failure('addEmails', 'errors.network', null)],
    },
    // Whether the text is a valid list of addresses is what the guard reads.
    stateKey: (context: { text: string }) => context.text,
  },
  {
    name: 'security-overview',
    description: 'Settings -> Security: two-step sign-in status, sessions and sign-in history.',
    machine: securityOverviewMachine,
    samples: {
      // Issue 21: a load that finds two-step sign-in on frees an account the dashboard held here.
      'xstate.done.actor.load': [false, true].map((enabled) => ({
        type: 'xstate.done.actor.load',
        output: {
          status: { enabled, required: true, recovery_codes_left: enabled ? 10 : 0 },
          sessions: [],
          signIns: [],
          settings: null,
        },
      })),
      'xstate.error.actor.load': [failure('load', 'errors.network', null)],
    },
  },
  {
    name: 'release-suppressions',
    description: 'Logs -> Suppression list: releasing every bounce suppression the list is narrowed to.',
    machine: releaseSuppressionsMachine,
    samples: {
      'release.request': [
        {
          type: 'release.request',
          request: {
            search: '',
            page: 1,
            page_size: 25,
            ordering: undefined,
            filters: { bounce_reason: 'authfailure' },
          },
        },
      ],
      'xstate.done.actor.release': [{ type: 'xstate.done.actor.release', output: { released: 3 } }],
      'xstate.error.actor.release': [failure('release', 'errors.network', null)],
    },
  },
  {
    name: 'bank-accounts',
    description: 'Financial -> Packages: the bank-transfer accounts administrators keep per currency.',
    machine: bankAccountsMachine,
    samples: {
      'xstate.done.actor.loadAccounts': [{ type: 'xstate.done.actor.loadAccounts', output: [] }],
      'xstate.error.actor.loadAccounts': [failure('loadAccounts', 'errors.network', null)],
    },
  },
  sendWizardModel,
  ...screenMachineModels,
];
