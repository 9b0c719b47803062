import type { Generated, Insertable, Kysely, Selectable, Updateable } from 'kysely';

/**
 * The typed shape of the database, one interface per table (Kysely's example layout).
 * Portable on purpose: ids are UUID text made in code, timestamps are ISO-8601 UTC text made in
 * code (they sort and compare correctly as strings), booleans are integer 0/1 columns that the
 * repositories turn into real booleans.
 */

export interface UsersTable {
  id: string;
  username: string;
  /** Always stored lower-cased, so e-mail sign-in and uniqueness are case-insensitive. */
  email: string;
  organization: string | null;
  password_hash: string;
  role: 'admin' | 'sender';
  is_active: number;
  quota: Generated<number>;
  used_quota: Generated<number>;
  sender_name: string | null;
  /** Payments (issue 19): 0 = off; the alert mail goes once per crossing below it. */
  credit_alert_threshold: Generated<number>;
  /** Set when the alert went out; cleared once the balance is back at or above the threshold. */
  credit_alert_sent_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
  /** The language of the account's notices (security e-mails): the last sign-in's. */
  language: Generated<'ar' | 'en'>;
  /** Base32 TOTP secret while two-factor sign-in is on. */
  two_factor_secret: Generated<string | null>;
  /** Made by setup, moved to two_factor_secret by enable once a code proves the app has it. */
  two_factor_pending_secret: Generated<string | null>;
  two_factor_enabled_at: Generated<string | null>;
  /** The last TOTP time step accepted, so a code works once. */
  two_factor_last_step: Generated<number | null>;
}

/**
 * One row per sign-in, i.e. one refresh-token family; revoking it ends every token issued for
 * that sign-in. Device and address are the sign-in's; last use moves with every refresh.
 */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  revoked_at: string | null;
  device: Generated<string | null>;
  ip: Generated<string | null>;
  last_used_at: Generated<string | null>;
}

/** One-time codes that stand in for the authenticator app; sha256 of each, never the code. */
export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** The step between a right password and the second factor: single use, minutes long. */
export interface LoginTicketsTable {
  id: string;
  user_id: string;
  ticket_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export type SignInOutcome =
  'success' | 'wrong_password' | 'wrong_code' | 'recovery_code' | 'rate_limited' | 'inactive';

/** What the user reads under Settings -> Security: each sign-in and failure, 90 days. */
export interface SignInsTable {
  id: string;
  user_id: string;
  outcome: SignInOutcome;
  ip: string;
  device: string;
  created_at: string;
}

/** Settings administrators change at run time (key -> JSON value). */
export interface AppSettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface RefreshTokensTable {
  id: string;
  session_id: string;
  /** sha256 hex of the token; the token itself is never stored. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** Failed sign-ins per key, kept in the database so every server process shares the limit. */
export interface LoginFailuresTable {
  key: string;
  count: number;
  window_started_at: string;
}

export interface ThemesTable {
  id: string;
  name: string;
  /** nameKey(name): what uniqueness is decided by, the same on both engines. */
  name_key: string;
  primary_color: string;
  secondary_color: string;
  accent_color: string;
  is_active: number;
  created_at: string;
  updated_at: string;
}

export interface RecipientListsTable {
  id: string;
  owner_id: string;
  name: string;
  /** Maintained with every insert and delete of the list's recipients, in the same transaction. */
  recipients_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface RecipientsTable {
  id: string;
  list_id: string;
  /** The list's owner, repeated so ownership checks and the sending engine need no join. */
  owner_id: string;
  /** Trimmed, domain lower-cased. */
  email: string;
  /** Fully lower-cased; unique per list. */
  email_key: string;
  name: string;
  job_title: string;
  phone: string;
  organization: string;
  country: string;
  /** JSON array of {name, value}. */
  extra: string;
  /** File name matched inside the zips uploaded for a send. */
  attachment: string;
  /** Lower-cased e-mail, name, job title, phone, organization and country, for one LIKE. */
  search_text: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface RecipientGroupsTable {
  id: string;
  owner_id: string;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface RecipientGroupListsTable {
  group_id: string;
  list_id: string;
}

export interface TemplatesTable {
  id: string;
  owner_id: string;
  name: string;
  subject: string;
  /** HTML, whichever editor wrote it. */
  content: string;
  editor: 'visual' | 'html';
  /** JSON array of declared custom variable names. */
  variables: string;
  created_at: string;
  updated_at: string;
}

export interface UploadsTable {
  id: string;
  owner_id: string;
  kind: 'zip' | 'attachment' | 'image';
  file_name: string;
  content_type: string;
  size: number;
  sha256: string;
  /** Relative to DATA_DIR/uploads. */
  storage_path: string;
  /** Zips: JSON array of {name, size, file}. */
  entries: string;
  entries_count: number;
  campaign_id: string | null;
  created_at: string;
  /** Bytes on disk: the original plus, for zips, every unpacked entry (the quota counts these). */
  stored_bytes: number;
}

export interface SenderDomainsTable {
  id: string;
  user_id: string;
  domain: string;
  dkim_selector: string;
  /** PEM; never sent to any client. */
  dkim_private_key: string;
  /** Base64 SPKI DER for the DKIM record's p= tag. */
  dkim_public_key: string;
  verified_at: string | null;
  last_checked_at: string | null;
  /** JSON {dkim, spf, dmarc}: booleans from the last DNS check. */
  last_check: string | null;
  created_at: string;
}

export interface SenderEmailsTable {
  id: string;
  user_id: string;
  domain_id: string;
  email: string;
  email_key: string;
  created_at: string;
}

export interface SenderNamesTable {
  id: string;
  user_id: string;
  name: string;
  created_at: string;
}

export interface PasswordResetsTable {
  id: string;
  user_id: string;
  /** sha256 hex of the link's token. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface ContactMessagesTable {
  id: string;
  full_name: string;
  phone: string;
  email: string;
  company: string;
  message: string;
  language: 'ar' | 'en';
  read_at: string | null;
  created_at: string;
}

/** Fixed-window counters for public forms, shared by every server process. */
export interface RateLimitsTable {
  key: string;
  count: number;
  window_started_at: string;
}

/** Append-only history of credit movements (the database refuses updates and deletes). */
export interface CreditLedgerTable {
  id: string;
  /** No foreign key: the history outlives a deleted account. */
  user_id: string;
  /** Positive adds credit (grant, refund), negative takes it (charge, negative adjust). */
  amount: number;
  balance_after: number;
  kind: 'grant' | 'adjust' | 'charge' | 'refund';
  campaign_id: string | null;
  /** The recharge order whose credits were granted (grant) or taken back (adjust). */
  order_id: Generated<string | null>;
  reason: string | null;
  /** The administrator who granted or adjusted; null for the engine's own charges and refunds. */
  created_by: string | null;
  created_at: string;
}

export type CampaignStatus = 'scheduled' | 'sending' | 'paused' | 'completed' | 'cancelled';

export interface CampaignsTable {
  id: string;
  user_id: string;
  subject: string;
  /** Content with {{variables}}, compiled once per campaign. */
  html: string;
  template_id: string | null;
  from_email: string;
  sender_name: string;
  source_type: 'single' | 'lists' | 'groups' | 'rows';
  /** JSON: ids of lists or groups, or a description of the rows' origin. */
  source_ref: string | null;
  /** JSON {type: 'yes_no', question} | {type: 'custom', questions} or null. */
  survey: string | null;
  /** JSON {zips: string[], attachment: string | null, image: string | null} (upload ids). */
  attachments: string;
  missing_attachments: 'skip' | 'send_without' | null;
  /** The campaign's Reply-To address; null: replies go to from_email. */
  reply_to: string | null;
  /** The sender's name for the campaign (its title in the log); null: the subject stands in. */
  name: string | null;
  language: 'ar' | 'en';
  status: CampaignStatus;
  scheduled_at: string | null;
  started_at: string | null;
  late_seconds: number | null;
  finished_at: string | null;
  recipients_count: number;
  /** 1: the HTML's links go through the click address (server/mail/click-tracking.ts). */
  track_clicks: Generated<number>;
  /** Why the engine paused the campaign by itself; null when the sender paused it or it runs. */
  pause_reason: 'bounce_rate' | null;
  created_at: string;
  updated_at: string;
}

export type MessageStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'blocked' | 'cancelled';

/** The sending queue and the e-mail log: one row per recipient of a campaign. */
export interface MessagesTable {
  id: string;
  campaign_id: string;
  seq: number;
  email: string;
  email_key: string;
  name: string;
  /** JSON object of the recipient's variables. */
  variables: string;
  attachment: string | null;
  status: MessageStatus;
  /** invalid_address: stored before today's address rule (an invisible character), never sent. */
  blocked_reason: SuppressionReason | 'missing_attachment' | 'invalid_address' | null;
  attempts: Generated<number>;
  next_attempt_at: string;
  lease_owner: string | null;
  lease_expires_at: string | null;
  attempt_started_at: string | null;
  /** Incremented by every claim; later writes of a claim are conditional on it (fencing). */
  claim_generation: Generated<number>;
  possible_duplicate: Generated<number>;
  smtp_response: string | null;
  smtp_message_id: string | null;
  sent_at: string | null;
  failed_at: string | null;
  charged: number;
  refunded_at: string | null;
  token: string;
  opened_at: string | null;
  open_count: Generated<number>;
  survey_answer: string | null;
  /** JSON array of {question, answer}. */
  custom_answers: string | null;
  /** The latest survey answer's time (yes/no or custom). */
  answered_at: string | null;
  last_checked_at: string | null;
  unsubscribed_at: string | null;
  /** A bounce that came back after delivery (DSN, provider webhook): the log shows `bounced`. */
  bounced_at: string | null;
  /** Enhanced status code of the latest bounce, e.g. 5.1.1 (soft ones too). */
  bounce_code: string | null;
  bounce_diagnostic: string | null;
  /** hard / soft / sender (server/mail/feedback/reasons.ts), of the bounce code and diagnostic. */
  bounce_type: 'hard' | 'soft' | 'sender' | null;
  /** The bounce's reason in Sisimai's vocabulary (userunknown, mailboxfull, authfailure...). */
  bounce_reason: string | null;
  /** A spam complaint (ARF, provider webhook): the log shows `complained`. */
  complained_at: string | null;
  soft_bounce_count: Generated<number>;
  /** Opens by machines (scanners, prefetching proxies, within seconds of delivery); opened_at is people's. */
  machine_opened_at: string | null;
  machine_open_count: Generated<number>;
  /** A person's first click on a tracked link, and people's clicks in all. */
  clicked_at: string | null;
  click_count: Generated<number>;
  machine_clicked_at: string | null;
  machine_click_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type SuppressionReason = 'unsubscribed' | 'hard_bounce' | 'soft_bounce' | 'complaint' | 'manual';

/** Addresses not to mail again; scope is a sender's user id or '*' for everyone. */
export interface SuppressionsTable {
  id: string;
  scope: string;
  email_key: string;
  reason: SuppressionReason;
  message_id: string | null;
  /** The campaign the suppression came from, when it came from one. */
  campaign_id: string | null;
  /** For bounce suppressions: the bounce's reason (Sisimai's vocabulary), when it was read. */
  bounce_reason: string | null;
  created_at: string;
}

/** One applied bounce/complaint report: the same report twice is applied once. */
export interface FeedbackEventsTable {
  key: string;
  message_id: string;
  kind: string;
  created_at: string;
}

/** A report the inbound receiver could not match or read, kept (bounded) for administrators. */
export interface InboundReportsTable {
  id: string;
  received_at: string;
  envelope_from: string;
  /** JSON array of RCPT TO addresses. */
  envelope_to: string;
  subject: string;
  kind: 'delivery_status' | 'feedback_report' | 'plain' | 'other';
  problem: 'no_match' | 'unreadable';
  /** JSON of what was read from it. */
  details: string;
  excerpt: string;
}

/** Clicks on one tracked link of a campaign (link_number: its place among the HTML's links). */
export interface CampaignLinksTable {
  campaign_id: string;
  link_number: number;
  /** The link as the campaign's content has it. */
  url: string;
  click_count: Generated<number>;
  machine_click_count: Generated<number>;
  first_clicked_at: string;
  last_clicked_at: string;
}

/** Clicks of one message on one link: the per-link report's unique clickers. */
export interface MessageLinkClicksTable {
  message_id: string;
  link_number: number;
  campaign_id: string;
  click_count: Generated<number>;
  machine_click_count: Generated<number>;
  first_clicked_at: string;
}

/** A message the built-in capture SMTP server received; the raw .eml is under DATA_DIR/mailbox. */
export interface CapturedMailTable {
  id: string;
  envelope_from: string;
  /** JSON array of RCPT TO addresses. */
  envelope_to: string;
  subject: string;
  from_header: string;
  to_header: string;
  message_id: string | null;
  size: number;
  has_attachments: number;
  received_at: string;
  /** Relative to DATA_DIR/mailbox. */
  storage_path: string;
}

export type PaymentCurrency = 'SAR' | 'EGP' | 'AED' | 'USD';
export type PaymentProviderName = 'manual' | 'stripe';
export type OrderStatus = 'pending' | 'paid' | 'failed' | 'expired' | 'cancelled' | 'refunded';

export interface PaymentPackagesTable {
  id: string;
  name_ar: string;
  name_en: string;
  credits: number;
  /** Minor unit of the currency. */
  price: number;
  currency: PaymentCurrency;
  hidden: number;
  created_at: string;
  updated_at: string;
}

/** A recharge order; `status` only moves through the guarded transitions in payments.repository. */
export interface PaymentOrdersTable {
  id: string;
  user_id: string;
  package_id: string | null;
  credits: number;
  subtotal: number;
  tax: number;
  amount: number;
  currency: PaymentCurrency;
  provider: PaymentProviderName;
  status: OrderStatus;
  provider_ref: string | null;
  checkout_url: string | null;
  language: 'ar' | 'en';
  receipt_upload_id: string | null;
  reason: string | null;
  decided_by: string | null;
  invoice_number: number | null;
  refunded_credits: number | null;
  paid_at: string | null;
  settled_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface PaymentEventsTable {
  provider: PaymentProviderName;
  event_id: string;
  type: string;
  order_id: string | null;
  created_at: string;
}

export interface PaymentCountersTable {
  name: string;
  value: number;
}

export interface PaymentSettingsTable {
  id: number;
  bank_instructions_ar: string;
  bank_instructions_en: string;
  custom_price_per_credit: number | null;
  custom_currency: PaymentCurrency;
  custom_min_credits: number;
  seller_name: string;
  seller_address: string;
  seller_tax_number: string;
  updated_at: string | null;
}

/** The account a bank-transfer buyer pays into, per currency (shown on the order and invoice). */
export interface PaymentBankAccountsTable {
  currency: PaymentCurrency;
  bank_name: string;
  iban: string;
  beneficiary: string;
  /** The buyer quotes this followed by the order's number, so the payment finds its order. */
  reference_prefix: string;
  updated_at: string;
}

/** A key for the HTTP v1 API; only its sha256 is kept. */
export interface ApiKeysTable {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  /** JSON array of scopes (contract/api-keys.contract.ts). */
  scopes: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

/** An Idempotency-Key of a v1 POST: the lock while it runs, then its stored answer (24 hours). */
export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  request_hash: string;
  status_code: number | null;
  content_type: string | null;
  response_body: string | null;
  created_at: string;
}

/** An SMSC connection an administrator added (issue 33); the password never leaves the server. */
export interface SmsConnectionsTable {
  id: string;
  name: string;
  /** smpp(s)://system_id@host:port?settings, without the password. */
  url: string;
  password: string;
  last_test_state: 'bound' | 'failed' | null;
  last_test_error: string | null;
  last_tested_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A user's event webhook endpoint. */
export interface WebhookEndpointsTable {
  id: string;
  user_id: string;
  url: string;
  /** JSON array of event types (contract/webhooks.contract.ts). */
  events: string;
  secret: string;
  enabled: number;
  disabled_reason: 'failing' | null;
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

/** The event outbox: written with what happened, in the same transaction where possible. */
export interface WebhookEventsTable {
  id: string;
  user_id: string;
  type: string;
  payload: string;
  created_at: string;
}

/** One event for one endpoint: the delivery queue and its log. */
export interface WebhookDeliveriesTable {
  id: string;
  event_id: string;
  endpoint_id: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: string | null;
  lease_owner: string | null;
  lease_expires_at: string | null;
  response_status: number | null;
  latency_ms: number | null;
  error: string | null;
  delivered_at: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * One test send (issue 32): the first recipient's message as the campaign would make it, sent
 * to the sender's test addresses. Its token answers the public pages, which record nothing.
 */
export interface TestSendsTable {
  id: string;
  token: string;
  user_id: string;
  subject: string;
  html: string;
  language: 'ar' | 'en';
  /** JSON, as campaigns.survey. */
  survey: string | null;
  track_clicks: number;
  /** The first recipient's address, name and variables (JSON, as messages.variables). */
  email: string;
  name: string;
  variables: string;
  created_at: string;
}

/**
 * A campaign's messages counted per status, kept by database triggers on every write to
 * `messages` (migration 2026-11-27-0240): the log reads these instead of counting messages.
 */
export interface CampaignCountsTable {
  campaign_id: string;
  status: MessageRow['status'];
  total: number;
  opened: number;
  machine_opened: number;
  clicked: number;
  machine_clicked: number;
  /** possible_duplicate summed. */
  duplicates: number;
  bounced: number;
  complained: number;
}

export interface Database {
  payment_packages: PaymentPackagesTable;
  payment_orders: PaymentOrdersTable;
  payment_events: PaymentEventsTable;
  payment_counters: PaymentCountersTable;
  payment_settings: PaymentSettingsTable;
  payment_bank_accounts: PaymentBankAccountsTable;
  users: UsersTable;
  sessions: SessionsTable;
  recovery_codes: RecoveryCodesTable;
  login_tickets: LoginTicketsTable;
  sign_ins: SignInsTable;
  app_settings: AppSettingsTable;
  refresh_tokens: RefreshTokensTable;
  login_failures: LoginFailuresTable;
  themes: ThemesTable;
  recipient_lists: RecipientListsTable;
  recipients: RecipientsTable;
  recipient_groups: RecipientGroupsTable;
  recipient_group_lists: RecipientGroupListsTable;
  templates: TemplatesTable;
  uploads: UploadsTable;
  sender_domains: SenderDomainsTable;
  sender_emails: SenderEmailsTable;
  sender_names: SenderNamesTable;
  password_resets: PasswordResetsTable;
  contact_messages: ContactMessagesTable;
  rate_limits: RateLimitsTable;
  credit_ledger: CreditLedgerTable;
  campaigns: CampaignsTable;
  messages: MessagesTable;
  campaign_counts: CampaignCountsTable;
  suppressions: SuppressionsTable;
  feedback_events: FeedbackEventsTable;
  inbound_reports: InboundReportsTable;
  campaign_links: CampaignLinksTable;
  message_link_clicks: MessageLinkClicksTable;
  captured_mail: CapturedMailTable;
  api_keys: ApiKeysTable;
  idempotency_keys: IdempotencyKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  test_sends: TestSendsTable;
  sms_connections: SmsConnectionsTable;
}

/** The database handle every repository takes first; a transaction is one too. */
export type Db = Kysely<Database>;

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ThemeRow = Selectable<ThemesTable>;
export type RecipientListRow = Selectable<RecipientListsTable>;
export type RecipientRow = Selectable<RecipientsTable>;
export type RecipientGroupRow = Selectable<RecipientGroupsTable>;
export type TemplateRow = Selectable<TemplatesTable>;
export type UploadRow = Selectable<UploadsTable>;
export type SenderDomainRow = Selectable<SenderDomainsTable>;
export type ContactMessageRow = Selectable<ContactMessagesTable>;
export type CampaignRow = Selectable<CampaignsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type CreditLedgerRow = Selectable<CreditLedgerTable>;
export type CapturedMailRow = Selectable<CapturedMailTable>;
