import type Mail from 'nodemailer/lib/mailer';
import { surveyHtml } from '../../contract/survey-block.ts';
import { compileEmail, escapeHtml, renderEmail, type CompiledEmail } from '../../contract/template-render.ts';
import { bodyDirection, withBodyDirection } from '../../contract/text-direction.ts';
import type { CampaignRow, Db, MessageRow, UploadRow } from '../db/schema.ts';
import { t, type Language } from '../lib/i18n.ts';
import { recipientValuesOf } from '../modules/campaigns/recipient-values.ts';
import { dkimSignerFor } from '../modules/senders/senders.service.ts';
import { findCampaignUploads } from '../modules/uploads/uploads.repository.ts';
import { CampaignFiles, EMBEDDED_IMAGE_CID, MissingAttachmentError } from './attachments.ts';
import { trackClicks } from './click-tracking.ts';
import { publicLinks } from './public-links.ts';
import { bounceAddress, domainOf, unsubscribeAddress } from './verp.ts';

/**
 * Turns a message row into the e-mail its recipient gets. Everything that is the same for the
 * whole campaign (compiled template, files, DKIM key, translated strings) is prepared once in a
 * CampaignContext; composing a message is then string concatenation.
 */

export type Survey = { type: 'yes_no'; question: string } | { type: 'custom'; questions: string[] };

export type CampaignContext = {
  campaign: CampaignRow;
  compiled: CompiledEmail;
  survey: Survey | null;
  files: CampaignFiles;
  dkim: Awaited<ReturnType<typeof dkimSignerFor>>;
  publicUrl: string;
  /** Domain of the VERP envelope senders and the unsubscribe mailto: (BOUNCE_DOMAIN or the From's). */
  bounceDomain: string;
  /** `List-Id: "<sender>" <label>`: one list's id when the campaign mails one list, else the campaign's. */
  listId: string;
};

/**
 * The headers the DKIM signature covers, each when present. nodemailer's default list stops at
 * List-Unsubscribe, but RFC 8058 section 4 requires List-Unsubscribe-Post to be signed too, and
 * Gmail reads Feedback-ID only from signed mail.
 */
export const DKIM_SIGNED_HEADERS = [
  'From',
  'Sender',
  'Reply-To',
  'To',
  'Cc',
  'Subject',
  'Date',
  'Message-ID',
  'In-Reply-To',
  'References',
  'MIME-Version',
  'Content-Type',
  'Content-Transfer-Encoding',
  'List-Id',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
  'Feedback-ID',
].join(':');

export type MessageToCompose = Pick<
  MessageRow,
  'id' | 'email' | 'name' | 'variables' | 'attachment' | 'token'
>;

/** `uploads`: the campaign's files when they are not yet linked to it (a test send's). */
export async function loadCampaignContext(
  db: Db,
  options: { dataDir: string; publicUrl: string; bounceDomain: string | null },
  campaign: CampaignRow,
  uploads?: UploadRow[],
): Promise<CampaignContext> {
  const refs = JSON.parse(campaign.attachments) as {
    zips?: string[];
    attachment?: string | null;
    image?: string | null;
  };
  const files = await CampaignFiles.load(
    options.dataDir,
    uploads ?? (await findCampaignUploads(db, campaign.id)),
    {
      zips: refs.zips ?? [],
      attachment: refs.attachment ?? null,
      image: refs.image ?? null,
    },
  );
  return {
    campaign,
    compiled: compileEmail({ subject: campaign.subject, html: campaign.html }),
    survey: campaign.survey ? (JSON.parse(campaign.survey) as Survey) : null,
    files,
    dkim: await dkimSignerFor(db, campaign.user_id, campaign.from_email),
    publicUrl: options.publicUrl,
    bounceDomain: options.bounceDomain ?? domainOf(campaign.from_email),
    listId: `${listLabel(campaign)}.${domainOf(campaign.from_email)}`,
  };
}

/** The one list a campaign mails, when it mails exactly one, names it; otherwise the campaign does. */
function listLabel(campaign: CampaignRow): string {
  if (campaign.source_type === 'lists' && campaign.source_ref) {
    const { ids } = JSON.parse(campaign.source_ref) as { ids?: string[] };
    if (ids?.length === 1) return ids[0]!;
  }
  return campaign.id;
}

/** Throws MissingAttachmentError when the recipient's file is gone and the sender did not allow that. */
export async function composeMessage(
  context: CampaignContext,
  message: MessageToCompose,
  now: Date,
): Promise<Mail.Options> {
  const { campaign, files } = context;
  const language = campaign.language as Language;
  const links = publicLinks(context.publicUrl, message.token);
  const rendered = trackClicks(
    renderEmail(context.compiled, recipientValuesOf(message), { language, now }),
    campaign,
    context.publicUrl,
    message.token,
  );

  const attachments: Mail.Attachment[] = [...files.fixed];
  if (message.attachment) {
    const own = await files.recipientFile(message.attachment);
    if (own) attachments.push(own);
    else if (campaign.missing_attachments !== 'send_without') {
      throw new MissingAttachmentError(message.attachment);
    }
  }

  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const image =
    files.hasImage && !rendered.html.includes(`cid:${EMBEDDED_IMAGE_CID}`)
      ? `<p dir="${dir}"><img src="cid:${EMBEDDED_IMAGE_CID}" alt="" style="max-width:100%;height:auto"></p>`
      : '';
  // "View in browser" (issue 22): the recipient's own copy as a web page, never click-tracked.
  const viewText = t(language, 'mail:campaign.viewInBrowser');
  const viewLink = `<p dir="${dir}" style="margin:0 0 16px;font:12px/1.5 sans-serif;color:#777;text-align:center"><a href="${escapeHtml(links.view)}" style="color:#777">${escapeHtml(viewText)}</a></p>`;
  const footerText = t(language, 'mail:campaign.footer.reason', {
    sender: campaign.sender_name,
    email: message.email,
  });
  const blocks =
    surveyHtml(context.survey, links, (key) => t(language, `mail:campaign.survey.${key}`), dir) +
    `<p dir="${dir}" style="margin:24px 0 0;font:12px/1.5 sans-serif;color:#777">${escapeHtml(footerText)}` +
    ` <a href="${escapeHtml(links.unsubscribe)}" style="color:#777">${escapeHtml(t(language, 'mail:campaign.footer.unsubscribe'))}</a></p>` +
    `<img src="${escapeHtml(links.open)}" width="1" height="1" alt="" style="border:0;width:1px;height:1px">`;

  return {
    from: { name: campaign.sender_name, address: campaign.from_email },
    to: message.name ? { name: message.name, address: message.email } : message.email,
    // The envelope sender names this message, so a bounce that arrives later finds its row.
    envelope: { from: bounceAddress(message.token, context.bounceDomain), to: [message.email] },
    ...(campaign.reply_to ? { replyTo: campaign.reply_to } : {}),
    subject: rendered.subject,
    // One Message-ID per message row, the same on every attempt: a message re-sent after a crash
    // (possible_duplicate) carries the id of its first try, by which mail clients and mailbox
    // providers recognise the copy. It also spares nodemailer drawing random bytes per message.
    messageId: `<${message.id}@${domainOf(campaign.from_email)}>`,
    // The body reads the way its text does (issue 22): an Arabic body goes out right to left.
    html: insertBeforeBodyEnd(
      withBodyDirection(
        insertAfterBodyStart(rendered.html, viewLink + image),
        bodyDirection(rendered.text, language),
      ),
      blocks,
    ),
    text: `${viewText}: ${links.view}\n\n${rendered.text}\n\n${surveyText(context.survey, links, language)}${footerText}\n${t(language, 'mail:campaign.footer.unsubscribe')}: ${links.unsubscribe}\n`,
    list: {
      id: { url: context.listId, comment: campaign.sender_name },
      // One header, both ways: the https one-click POST (RFC 8058) and mail to the inbound receiver.
      unsubscribe: [[links.unsubscribe, `mailto:${unsubscribeAddress(message.token, context.bounceDomain)}`]],
    },
    headers: {
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      // Gmail's feedback loop groups complaints by these fields (campaign : sender : product).
      'Feedback-ID': `${campaign.id}:${campaign.user_id}:el-namer`,
      'X-El-Namer-Campaign': campaign.id,
    },
    attachments,
    ...(context.dkim ? { dkim: { ...context.dkim, headerFieldNames: DKIM_SIGNED_HEADERS } } : {}),
  };
}

type Links = ReturnType<typeof publicLinks>;

function surveyText(survey: Survey | null, links: Links, language: Language): string {
  if (!survey) return '';
  if (survey.type === 'yes_no') {
    return (
      `${survey.question}\n${t(language, 'mail:campaign.survey.yes')}: ${links.yes}\n` +
      `${t(language, 'mail:campaign.survey.no')}: ${links.no}\n\n`
    );
  }
  return `${t(language, 'mail:campaign.survey.custom')}: ${links.survey}\n\n`;
}

// Templates are fragments or whole documents; additions go inside <body> when there is one.
function insertBeforeBodyEnd(html: string, addition: string): string {
  const at = html.search(/<\/body\s*>/i);
  return at < 0 ? html + addition : html.slice(0, at) + addition + html.slice(at);
}

function insertAfterBodyStart(html: string, addition: string): string {
  const match = /<body\b[^>]*>/i.exec(html);
  if (!match) return addition + html;
  const at = match.index + match[0].length;
  return html.slice(0, at) + addition + html.slice(at);
}
