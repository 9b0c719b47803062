import type { z } from 'zod';
import { isValidEmail } from '../../../contract/email.contract.ts';
import { validationKeys } from '../../../contract/errors.contract.ts';
import {
  MAX_LISTED_MISSING,
  MAX_PREVIEW_RECIPIENTS,
  type SendCheck,
  type sendRequestSchema,
} from '../../../contract/send.contract.ts';
import {
  ALWAYS_FILLED_VARIABLES,
  valueOf,
  valuesOf,
  variablesUsedIn,
} from '../../../contract/template-render.ts';
import type { Db, UploadRow } from '../../db/schema.ts';
import { validationFailed } from '../../lib/http-error.ts';
import { entriesOf, findUploads } from '../uploads/uploads.repository.ts';
import { findSuppressed, findTemplateContent } from './campaigns.repository.ts';
import type { PlannedRow } from './planned-row.ts';
import type { ResolvedRecipient } from './recipient-source.ts';
import { attachmentKeys, recipientValuesOf } from './recipient-values.ts';

export type SendInput = z.output<typeof sendRequestSchema>;
export type CampaignAttachments = { zips: string[]; attachment: string | null; image: string | null };

/** What a send will do, gathered chunk by chunk: the check's answer and the acceptance's totals. */
export type PlanSummary = {
  recipients: number;
  blocked: number;
  charged: number;
  missingCount: number;
  missing: { email: string; attachment: string }[];
  variableMissing: Map<string, number>;
  /** The first recipients that will be sent to, for the review's preview. */
  sample: SendCheck['sample'];
};

export type { PlannedRow };

// Filled for every message whatever the recipient holds: never reported as missing.
const ALWAYS_FILLED = new Set<string>(ALWAYS_FILLED_VARIABLES);

export type SendPlan = {
  html: string;
  attachments: CampaignAttachments;
  summary: PlanSummary;
  classify: (chunk: ResolvedRecipient[]) => Promise<PlannedRow[]>;
  /** classify in two steps: the database's part (who is suppressed), then the rest, synchronous. */
  suppressedIn: (chunk: ResolvedRecipient[]) => Promise<Suppressed>;
  classifyWith: (chunk: ResolvedRecipient[], suppressed: Suppressed) => PlannedRow[];
};

type Suppressed = Awaited<ReturnType<typeof findSuppressed>>;

/**
 * Everything about a send that does not depend on its recipients (content, uploads) is checked
 * once here; `classify` then decides each recipient's row: suppressed and skipped ones are
 * blocked at no charge, and the summary counts what the check reports.
 */
export async function planSend(db: Db, userId: string, input: SendInput, now: Date): Promise<SendPlan> {
  const html = input.html ?? (await templateHtml(db, userId, input.template_id!));
  const uploads = await resolveUploads(db, userId, input.attachments);
  const zipNames = new Set<string>();
  for (const zip of uploads.zipRows) {
    for (const entry of entriesOf(zip)) for (const key of attachmentKeys(entry.name)) zipNames.add(key);
  }
  const used = variablesUsedIn(`${input.subject}\n${html}`).filter((name) => !ALWAYS_FILLED.has(name));
  const summary: PlanSummary = {
    recipients: 0,
    blocked: 0,
    charged: 0,
    missingCount: 0,
    missing: [],
    variableMissing: new Map(used.map((name) => [name, 0])),
    sample: [],
  };

  const suppressedIn = (chunk: ResolvedRecipient[]) =>
    findSuppressed(
      db,
      userId,
      chunk.map((recipient) => recipient.emailKey),
    );
  const classifyWith = (chunk: ResolvedRecipient[], suppressed: Suppressed): PlannedRow[] =>
    chunk.map((recipient) => {
      summary.recipients += 1;
      const missingFile = recipient.attachment !== null && !zipNames.has(recipient.attachment);
      if (missingFile) {
        summary.missingCount += 1;
        if (summary.missing.length < MAX_LISTED_MISSING)
          summary.missing.push({ email: recipient.email, attachment: recipient.attachment! });
      }
      if (used.length > 0) {
        const values = valuesOf(recipientValuesOf(recipient), input.language, now);
        for (const name of used) {
          if (!valueOf(values, name))
            summary.variableMissing.set(name, summary.variableMissing.get(name)! + 1);
        }
      }
      // Lists hold addresses stored before the address rule grew (invisible characters): they
      // would fail at the relay, so they are blocked free of charge instead of sent.
      const reason = !isValidEmail(recipient.email)
        ? 'invalid_address'
        : (suppressed.get(recipient.emailKey) ??
          (missingFile && input.missing_attachments === 'skip' ? 'missing_attachment' : null));
      if (reason) summary.blocked += 1;
      else summary.charged += 1;
      if (!reason && summary.sample.length < MAX_PREVIEW_RECIPIENTS) {
        const values = recipientValuesOf(recipient);
        summary.sample.push({ ...values, name: recipient.name, extra: [...(values.extra ?? [])] });
      }
      return { ...recipient, status: reason ? 'blocked' : 'queued', blockedReason: reason, missingFile };
    });
  const classify = async (chunk: ResolvedRecipient[]) => classifyWith(chunk, await suppressedIn(chunk));
  return { html, attachments: uploads.ids, summary, classify, suppressedIn, classifyWith };
}

async function templateHtml(db: Db, userId: string, templateId: string): Promise<string> {
  const content = await findTemplateContent(db, userId, templateId);
  if (content === undefined) throw validationFailed({ template_id: validationKeys.invalid });
  return content;
}

/**
 * The caller's own, unused uploads of the right kinds. A flat list of ids is sorted by each
 * upload's kind; the object form must name each upload under its own kind.
 */
async function resolveUploads(
  db: Db,
  userId: string,
  given: SendInput['attachments'],
): Promise<{ ids: CampaignAttachments; zipRows: UploadRow[] }> {
  if (!given) return { ids: { zips: [], attachment: null, image: null }, zipRows: [] };
  const wanted = Array.isArray(given)
    ? given
    : [...given.zips, ...(given.attachment ? [given.attachment] : []), ...(given.image ? [given.image] : [])];
  const unique = [...new Set(wanted)];
  const rows = await findUploads(db, userId, unique);
  if (rows.length !== unique.length) throw validationFailed({ attachments: validationKeys.invalid });
  if (rows.some((row) => row.campaign_id !== null))
    throw validationFailed({ attachments: validationKeys.inUse });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ofKind = (kind: UploadRow['kind']) => rows.filter((row) => row.kind === kind);
  if (Array.isArray(given)) {
    if (ofKind('attachment').length > 1 || ofKind('image').length > 1)
      throw validationFailed({ attachments: validationKeys.invalid });
    return {
      ids: {
        zips: ofKind('zip').map((row) => row.id),
        attachment: ofKind('attachment')[0]?.id ?? null,
        image: ofKind('image')[0]?.id ?? null,
      },
      zipRows: ofKind('zip'),
    };
  }
  const kindIs = (id: string | null, kind: UploadRow['kind']) => id === null || byId.get(id)?.kind === kind;
  if (
    !given.zips.every((id) => kindIs(id, 'zip')) ||
    !kindIs(given.attachment, 'attachment') ||
    !kindIs(given.image, 'image')
  )
    throw validationFailed({ attachments: validationKeys.invalid });
  return {
    ids: { zips: [...new Set(given.zips)], attachment: given.attachment, image: given.image },
    zipRows: ofKind('zip'),
  };
}
