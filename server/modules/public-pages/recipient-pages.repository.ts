import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { emitMessageEvent } from '../webhooks/message-events.ts';

export type Survey = { type: 'yes_no'; question: string } | { type: 'custom'; questions: string[] };
export type CustomAnswer = { question: string; answer: string };

export type MessageForPage = {
  id: string;
  email: string;
  emailKey: string;
  language: 'ar' | 'en';
  senderId: string;
  survey: Survey | null;
  surveyAnswer: string | null;
  customAnswers: CustomAnswer[];
  unsubscribedAt: string | null;
  /** When the relay took the message; null while it is not sent. */
  sentAt: string | null;
  /** A test send's copy (issue 32): its pages show what they would, and record nothing. */
  test: boolean;
};

/** A test send by its token: test sends have no message row, and every answer to them is dropped. */
function findTestSend(db: Db, token: string) {
  return db.selectFrom('test_sends').selectAll().where('token', '=', token).executeTakeFirst();
}

/** The campaign's survey as stored (JSON); anything unreadable counts as no survey. */
function parseSurvey(value: string | null): Survey | null {
  if (!value) return null;
  try {
    const survey = JSON.parse(value) as Partial<Survey> & { questions?: unknown; question?: unknown };
    if (survey.type === 'yes_no' && typeof survey.question === 'string')
      return { type: 'yes_no', question: survey.question };
    if (
      survey.type === 'custom' &&
      Array.isArray(survey.questions) &&
      survey.questions.every((question) => typeof question === 'string')
    ) {
      return { type: 'custom', questions: survey.questions as string[] };
    }
  } catch {
    // Falls through: a broken value must not break the recipient's page.
  }
  return null;
}

function parseAnswers(value: string | null): CustomAnswer[] {
  if (!value) return [];
  try {
    const answers = JSON.parse(value) as unknown;
    return Array.isArray(answers) ? (answers as CustomAnswer[]) : [];
  } catch {
    return [];
  }
}

export async function findMessageByToken(db: Db, token: string): Promise<MessageForPage | null> {
  const row = await db
    .selectFrom('messages')
    .innerJoin('campaigns', 'campaigns.id', 'messages.campaign_id')
    .select([
      'messages.id',
      'messages.email',
      'messages.email_key',
      'messages.survey_answer',
      'messages.custom_answers',
      'messages.unsubscribed_at',
      'messages.sent_at',
      'campaigns.language',
      'campaigns.user_id',
      'campaigns.survey',
    ])
    .where('messages.token', '=', token)
    .executeTakeFirst();
  if (!row) {
    const test = await findTestSend(db, token);
    if (!test) return null;
    return {
      id: test.id,
      email: test.email,
      emailKey: test.email.toLowerCase(),
      language: test.language === 'en' ? 'en' : 'ar',
      senderId: test.user_id,
      survey: parseSurvey(test.survey),
      surveyAnswer: null,
      customAnswers: [],
      unsubscribedAt: null,
      sentAt: test.created_at,
      test: true,
    };
  }
  return {
    id: row.id,
    email: row.email,
    emailKey: row.email_key,
    language: row.language === 'en' ? 'en' : 'ar',
    senderId: row.user_id,
    survey: parseSurvey(row.survey),
    surveyAnswer: row.survey_answer,
    customAnswers: parseAnswers(row.custom_answers),
    unsubscribedAt: row.unsubscribed_at,
    sentAt: row.sent_at,
    test: false,
  };
}

/**
 * A person's first open sets opened_at and every one counts; a machine's open (scanner, prefetch,
 * right after delivery: machine-traffic.ts) goes to the machine columns instead. One statement,
 * so concurrent opens all count.
 */
export async function recordOpen(db: Db, messageId: string, at: string, machine: boolean): Promise<void> {
  await db
    .updateTable('messages')
    .set(
      machine
        ? {
            machine_opened_at: sql<string>`coalesce(machine_opened_at, ${at})`,
            machine_open_count: sql<number>`machine_open_count + 1`,
            updated_at: at,
          }
        : {
            opened_at: sql<string>`coalesce(opened_at, ${at})`,
            open_count: sql<number>`open_count + 1`,
            last_checked_at: at,
            updated_at: at,
          },
    )
    .where('id', '=', messageId)
    .execute();
}

/**
 * What the click route needs: the message as the e-mail was rendered from, and its campaign. A
 * test send answers the same way, with `test` set (its clicks are followed, never counted).
 */
export async function findMessageForClick(db: Db, token: string) {
  const message = await db
    .selectFrom('messages')
    .innerJoin('campaigns', 'campaigns.id', 'messages.campaign_id')
    .select([
      'messages.id',
      'messages.campaign_id',
      'messages.email',
      'messages.name',
      'messages.variables',
      'messages.attachment',
      'messages.sent_at',
      'campaigns.html',
      'campaigns.subject',
      'campaigns.language',
      'campaigns.track_clicks',
    ])
    .where('messages.token', '=', token)
    .executeTakeFirst();
  if (message) return { ...message, test: false };
  const test = await findTestSend(db, token);
  if (!test) return undefined;
  return {
    id: test.id,
    campaign_id: test.id,
    email: test.email,
    name: test.name,
    variables: test.variables,
    attachment: null,
    sent_at: test.created_at,
    html: test.html,
    subject: test.subject,
    language: test.language,
    track_clicks: test.track_clicks,
    test: true,
  };
}

/**
 * One click on link `number` of a message: the message's own figures, the campaign's per-link
 * figures (`url` as the campaign's content has it) and the message's per-link row (unique
 * clickers), people's and machines' apart. Upserts, so concurrent clicks all count.
 */
export async function recordClick(
  db: Db,
  click: { messageId: string; campaignId: string; number: number; url: string },
  at: string,
  machine: boolean,
): Promise<void> {
  const people = machine ? 0 : 1;
  const machines = machine ? 1 : 0;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('messages')
      .set(
        machine
          ? {
              machine_clicked_at: sql<string>`coalesce(machine_clicked_at, ${at})`,
              machine_click_count: sql<number>`machine_click_count + 1`,
              updated_at: at,
            }
          : {
              clicked_at: sql<string>`coalesce(clicked_at, ${at})`,
              click_count: sql<number>`click_count + 1`,
              last_checked_at: at,
              updated_at: at,
            },
      )
      .where('id', '=', click.messageId)
      .execute();
    await trx
      .insertInto('campaign_links')
      .values({
        campaign_id: click.campaignId,
        link_number: click.number,
        url: click.url,
        click_count: people,
        machine_click_count: machines,
        first_clicked_at: at,
        last_clicked_at: at,
      })
      .onConflict((conflict) =>
        conflict.columns(['campaign_id', 'link_number']).doUpdateSet({
          click_count: sql<number>`campaign_links.click_count + ${sql.lit(people)}`,
          machine_click_count: sql<number>`campaign_links.machine_click_count + ${sql.lit(machines)}`,
          last_clicked_at: at,
        }),
      )
      .execute();
    await trx
      .insertInto('message_link_clicks')
      .values({
        message_id: click.messageId,
        link_number: click.number,
        campaign_id: click.campaignId,
        click_count: people,
        machine_click_count: machines,
        first_clicked_at: at,
      })
      .onConflict((conflict) =>
        conflict.columns(['message_id', 'link_number']).doUpdateSet({
          click_count: sql<number>`message_link_clicks.click_count + ${sql.lit(people)}`,
          machine_click_count: sql<number>`message_link_clicks.machine_click_count + ${sql.lit(machines)}`,
        }),
      )
      .execute();
  });
}

/**
 * Answering means the message was read (issue 22): an answer from a recipient no pixel saw (images
 * off) counts as their open too, once.
 */
const answerIsAnOpen = (at: string) => ({
  open_count: sql<number>`open_count + (case when opened_at is null then 1 else 0 end)`,
  opened_at: sql<string>`coalesce(opened_at, ${at})`,
  answered_at: at,
});

export async function recordSurveyAnswer(db: Db, messageId: string, answer: string, at: string) {
  await db
    .updateTable('messages')
    .set({ survey_answer: answer, ...answerIsAnOpen(at), last_checked_at: at, updated_at: at })
    .where('id', '=', messageId)
    .execute();
}

export async function recordCustomAnswers(db: Db, messageId: string, answers: CustomAnswer[], at: string) {
  await db
    .updateTable('messages')
    .set({
      custom_answers: JSON.stringify(answers),
      ...answerIsAnOpen(at),
      last_checked_at: at,
      updated_at: at,
    })
    .where('id', '=', messageId)
    .execute();
}

/**
 * Marks the message and suppresses the address for this sender only (other senders the person
 * never left may still write). Repeating it changes nothing: the first time is kept.
 */
export async function unsubscribe(db: Db, message: MessageForPage, at: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('messages')
      .set({
        unsubscribed_at: sql<string>`coalesce(unsubscribed_at, ${at})`,
        last_checked_at: at,
        updated_at: at,
      })
      .where('id', '=', message.id)
      .execute();
    await trx
      .insertInto('suppressions')
      .values({
        id: randomUUID(),
        scope: message.senderId,
        email_key: message.emailKey,
        reason: 'unsubscribed',
        message_id: message.id,
        created_at: at,
      })
      .onConflict((conflict) => conflict.columns(['scope', 'email_key']).doNothing())
      .execute();
    // The first unsubscribe of this message tells the sender's webhooks, in the same transaction.
    if (message.unsubscribedAt === null) {
      await emitMessageEvent(trx, {
        messageId: message.id,
        type: 'message.unsubscribed',
        at: new Date(at),
        data: { unsubscribed_at: at },
      });
    }
  });
}
