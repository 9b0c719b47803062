import type { CampaignStatusName, SendCheck } from '../../../contract/send.contract.ts';
import type { TemplateEditorKind } from '../../../contract/templates.contract.ts';
import type { Upload, UploadKind } from '../../../contract/uploads.contract.ts';
import type { AppError } from '../../lib/app-error.ts';

/** Where the recipients come from: one route of the wizard each (spec §2). */
export type SourceKind = 'single' | 'lists' | 'groups' | 'excel';
export const steps = ['recipients', 'message', 'attachments', 'survey', 'schedule', 'review'] as const;
export type StepName = (typeof steps)[number];

/** One row of the Excel sheet as the send body wants it: e-mail, name, attachment, variables. */
export type SendRow = { email: string; name?: string; attachment?: string } & Record<string, string>;

export interface ExcelRecipients {
  fileName: string;
  rows: SendRow[];
}

export type SurveyDraft =
  { type: 'none' } | { type: 'yes_no'; question: string } | { type: 'custom'; questions: string[] };

export type ScheduleDraft = { mode: 'now' } | { mode: 'later'; at: string };

/** A file on its way to the server or already there; only finished ones survive a reload. */
export interface UploadItem {
  key: string;
  kind: UploadKind;
  fileName: string;
  size: number;
  /** 0..1 */
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  upload: Upload | null;
  errorKey: string | null;
  /** Values for the error message's placeholders (the refused file inside a zip, the quota). */
  errorValues?: Record<string, string | number>;
}

/** Everything the sender entered: what the local-storage draft keeps. */
export interface WizardDraft {
  recipient: { email: string; name: string; variables: Array<{ name: string; value: string }> };
  listIds: string[];
  groupIds: string[];
  excel: ExcelRecipients | null;
  subject: string;
  fromEmail: string;
  senderName: string;
  /** Where replies go; empty: to the From address. */
  replyTo: string;
  /** The sender's name for the campaign (its title in the log); empty: the subject stands in. */
  campaignName: string;
  editor: TemplateEditorKind;
  html: string;
  templateId: string | null;
  uploads: UploadItem[];
  missingChoice: 'skip' | 'send_without' | null;
  survey: SurveyDraft;
  schedule: ScheduleDraft;
  /** Rewrite the message's links to count clicks (the send body's `track_clicks`). */
  trackClicks: boolean;
}

export interface PickOption {
  id: string;
  name: string;
  /** Recipients in a list, lists in a group. */
  size: number;
}

export interface WizardOptions {
  senderEmails: string[];
  templates: PickOption[];
  lists: PickOption[];
  groups: PickOption[];
}

export type FieldErrors = Partial<Record<string, string>>;

export interface WizardContext {
  source: SourceKind;
  draft: WizardDraft;
  options: WizardOptions;
  /** The server's last answer to "what would this send do". */
  check: SendCheck | null;
  errors: FieldErrors;
  /** The call that failed (options, template, check, submit) and why. */
  failure: AppError | null;
  /** Files named in a restored draft that were not uploaded yet: picked again by hand. */
  repick: string[];
  previewIndex: number;
  /** The review's test-send addresses as typed (comma or space separated, up to 5). */
  testTo: string;
  campaignId: string | null;
  /** A confirmation before leaving a filled wizard is on screen. */
  askingLeave: boolean;
  /**
   * Counts the times a step refused to go on (its own rules or the server's check): the screen
   * moves the focus to the first field that needs attention each time it grows.
   */
  attention: number;
}

export interface WizardInput {
  source: SourceKind;
  /** A draft kept from an earlier visit (local storage). */
  draft?: WizardDraft | null;
  repick?: string[];
}

export const emptyDraft = (): WizardDraft => ({
  recipient: { email: '', name: '', variables: [] },
  listIds: [],
  groupIds: [],
  excel: null,
  subject: '',
  fromEmail: '',
  senderName: '',
  replyTo: '',
  campaignName: '',
  editor: 'visual',
  html: '',
  templateId: null,
  uploads: [],
  missingChoice: null,
  survey: { type: 'none' },
  schedule: { mode: 'now' },
  trackClicks: true,
});

/** What POST /send/ answers (contract/send.contract.ts sendAcceptedSchema). */
export interface SendAccepted {
  id: string;
  status: CampaignStatusName;
  recipients_count: number;
}
