import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_SURVEY_ANSWER_LENGTH, publicPageEndpoints } from '../../../contract/public-pages.contract.ts';
import { compileEmail, renderEmail } from '../../../contract/template-render.ts';
import { route } from '../../lib/endpoint.ts';
import { t } from '../../lib/i18n.ts';
import { linksOf, redirectTarget } from '../../mail/click-tracking.ts';
import { recipientValuesOf } from '../campaigns/recipient-values.ts';
import { emitFirstOpen, emitMessageEvent } from '../webhooks/message-events.ts';
import { machineSign } from './machine-traffic.ts';
import {
  findMessageByToken,
  findMessageForClick,
  recordClick,
  recordCustomAnswers,
  recordOpen,
  recordSurveyAnswer,
  unsubscribe,
  type MessageForPage,
} from './recipient-pages.repository.ts';
import { renderViewPage, VIEW_PAGE_SECURITY_HEADERS } from './view-page.ts';
import {
  answerButtons,
  bilingualPage,
  form,
  hidden,
  link,
  page,
  PAGE_SECURITY_HEADERS,
  paragraph,
  textArea,
} from './recipient-page.ts';

/** 1x1 transparent GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** Tokens are 32 random bytes in base64url; anything else is not worth a database lookup. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;
const FORM_BODY_LIMIT = 64 * 1024;

const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).headers(PAGE_SECURITY_HEADERS).type('text/html; charset=utf-8').send(html);

const notFoundPage = (reply: FastifyReply) => sendPage(reply, 404, bilingualPage('notFound'));

/** A tracked link's number: 1, 2, ... as written by click-tracking.ts, nothing else. */
const LINK_NUMBER_SHAPE = /^[1-9][0-9]{0,5}$/;

/** Open pixel, survey answers and unsubscribe: what a recipient reaches from an e-mail. */
const publicPagesRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  const at = () => app.now().toISOString();

  // Form posts are accepted here only (this plugin's scope); the rest of the API takes JSON.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      const fields: Record<string, string> = {};
      for (const [name, value] of new URLSearchParams(body as string)) fields[name] = value;
      done(null, fields);
    },
  );
  // RFC 8058 lets a mail client send the one-click body as multipart; the body carries nothing
  // we need (the token is the whole credential), so it is read, bounded, and set aside.
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT },
    (_r, _b, done) => done(null, {}),
  );

  const load = async (token: string): Promise<MessageForPage | null> =>
    TOKEN_SHAPE.test(token) ? findMessageByToken(db, token) : null;

  // A test send's answer, survey or unsubscribe: shown as taken, and nothing is recorded.
  const testPage = (reply: FastifyReply, message: MessageForPage) =>
    sendPage(
      reply,
      200,
      page(message.language, t(message.language, 'recipient-pages:test.title'), [
        paragraph(t(message.language, 'recipient-pages:test.body')),
      ]),
    );

  /** A machine's fetch (scanner, prefetch, right after delivery) or a person's: machine-traffic.ts. */
  const isMachine = (request: FastifyRequest, sentAt: string | null) =>
    machineSign({ method: request.method, userAgent: request.headers['user-agent'] }, sentAt, app.now()) !==
    null;

  // GET, and HEAD through Fastify's automatic HEAD route: a HEAD counts as a machine's open.
  route(app, publicPageEndpoints.open, async (request, reply) => {
    const message = await load(request.params.token);
    if (!message) return notFoundPage(reply);
    const openedAt = at();
    const machine = isMachine(request, message.sentAt);
    if (!message.test) {
      await recordOpen(db, message.id, openedAt, machine);
      if (!machine) await emitFirstOpen(db, message.id, openedAt);
    }
    return reply
      .headers({
        'cache-control': 'no-store, no-cache, must-revalidate, private',
        pragma: 'no-cache',
        // Webmail shows the pixel from its own origin.
        'cross-origin-resource-policy': 'cross-origin',
      })
      .type('image/gif')
      .send(PIXEL);
  });

  const answerLabel = (language: MessageForPage['language'], answer: string) =>
    t(language, `recipient-pages:${answer}`);
  const invalidAnswer = (reply: FastifyReply, message: MessageForPage) =>
    sendPage(
      reply,
      400,
      page(message.language, t(message.language, 'recipient-pages:invalid.title'), [
        paragraph(t(message.language, 'recipient-pages:invalid.body')),
      ]),
    );

  // The e-mail's yes/no links land here. A GET never records: link scanners fetch every link of
  // a message, and would answer for the person. The page asks with both answers as buttons (the
  // one in the link first named), and the button's POST records: one click for a person.
  route(app, publicPageEndpoints.answer, async (request, reply) => {
    const message = await load(request.params.token);
    if (!message || message.survey?.type !== 'yes_no') return notFoundPage(reply);
    const { language } = message;
    const value = request.query.value;
    if (value !== undefined && value !== 'yes' && value !== 'no') return invalidAnswer(reply, message);
    const previous = message.surveyAnswer;
    return sendPage(
      reply,
      200,
      page(language, t(language, 'recipient-pages:answer.askTitle'), [
        paragraph(message.survey.question, 'question'),
        ...(previous === 'yes' || previous === 'no'
          ? [
              paragraph(
                t(language, 'recipient-pages:answer.current', { answer: answerLabel(language, previous) }),
              ),
            ]
          : value
            ? [
                paragraph(
                  t(language, 'recipient-pages:answer.confirm', { answer: answerLabel(language, value) }),
                ),
              ]
            : []),
        answerButtons(
          'answer',
          'value',
          [
            { value: 'yes', label: answerLabel(language, 'yes') },
            { value: 'no', label: answerLabel(language, 'no') },
          ],
          t(language, 'recipient-pages:answer.legend'),
        ),
      ]),
    );
  });

  route(app, publicPageEndpoints.answerSubmit, async (request, reply) => {
    const message = await load(request.params.token);
    if (!message || message.survey?.type !== 'yes_no') return notFoundPage(reply);
    const { language } = message;
    const value = request.body.value;
    if (value !== 'yes' && value !== 'no') return invalidAnswer(reply, message);
    if (message.test) return testPage(reply, message);
    const answeredAt = at();
    await recordSurveyAnswer(db, message.id, value, answeredAt);
    await emitMessageEvent(db, {
      messageId: message.id,
      type: 'message.answered',
      at: new Date(answeredAt),
      data: { answer: value },
    });
    const other = value === 'yes' ? 'no' : 'yes';
    return sendPage(
      reply,
      200,
      page(language, t(language, 'recipient-pages:answer.title'), [
        paragraph(message.survey.question, 'question'),
        paragraph(t(language, 'recipient-pages:answer.recorded', { answer: answerLabel(language, value) })),
        link(
          `answer?value=${other}`,
          t(language, 'recipient-pages:answer.change', { other: answerLabel(language, other) }),
        ),
      ]),
    );
  });

  // A tracked link (server/mail/click-tracking.ts): the destination is read from the campaign's
  // HTML rendered for this very recipient, so the address can only lead where the sender's
  // message to this recipient leads; any other number is the app's 404 page.
  route(app, publicPageEndpoints.click, async (request, reply) => {
    const { token, number: text } = request.params;
    if (!TOKEN_SHAPE.test(token) || !LINK_NUMBER_SHAPE.test(text)) return notFoundPage(reply);
    const message = await findMessageForClick(db, token);
    if (!message || message.track_clicks !== 1) return notFoundPage(reply);
    const publicUrl = app.appConfig.publicUrl;
    const number = Number(text);
    const language = message.language;
    const rendered = renderEmail(
      compileEmail({ subject: message.subject, html: message.html }),
      recipientValuesOf(message),
      { language, now: app.now() },
    );
    // Checked before the click is recorded: a link that cannot be followed is not a click.
    const target = redirectTarget(linksOf(rendered.html, { publicUrl })[number - 1]);
    if (!target) return notFoundPage(reply);
    // The report names the link as the campaign's content has it ({{variables}} unfilled).
    const url = linksOf(message.html, { publicUrl, template: true })[number - 1] ?? target;
    if (!message.test)
      await recordClick(
        db,
        { messageId: message.id, campaignId: message.campaign_id, number, url },
        at(),
        isMachine(request, message.sent_at),
      );
    return reply
      .headers({
        'cache-control': 'no-store, private',
        // The click address carries the token: the destination must not learn it.
        'referrer-policy': 'no-referrer',
        'x-robots-tag': 'noindex, nofollow',
      })
      .redirect(target, 302);
  });

  // "View in browser": the recipient's copy as a page. A GET records nothing (scanners fetch it).
  route(app, publicPageEndpoints.view, async (request, reply) => {
    const { token } = request.params;
    const message = TOKEN_SHAPE.test(token) ? await findMessageForClick(db, token) : undefined;
    if (!message) return notFoundPage(reply);
    return reply
      .code(200)
      .headers(VIEW_PAGE_SECURITY_HEADERS)
      .type('text/html; charset=utf-8')
      .send(renderViewPage(message, app.now()));
  });

  const surveyPage = (message: MessageForPage, questions: string[], values: string[], error?: string) => {
    const { language } = message;
    const fields = questions.map((question, index) =>
      textArea(`answer_${index}`, question, values[index] ?? '', MAX_SURVEY_ANSWER_LENGTH),
    );
    return page(language, t(language, 'recipient-pages:survey.title'), [
      paragraph(t(language, 'recipient-pages:survey.intro')),
      ...(error ? [paragraph(error, 'error')] : []),
      form('survey', fields, t(language, 'recipient-pages:survey.submit')),
    ]);
  };

  route(app, publicPageEndpoints.surveyForm, async (request, reply) => {
    const message = await load(request.params.token);
    if (!message || message.survey?.type !== 'custom') return notFoundPage(reply);
    const { questions } = message.survey;
    // Shows what was answered before, matched by question, so answering again starts from it.
    const previous = questions.map(
      (question) => message.customAnswers.find((answer) => answer.question === question)?.answer ?? '',
    );
    return sendPage(reply, 200, surveyPage(message, questions, previous));
  });

  route(app, publicPageEndpoints.surveySubmit, async (request, reply) => {
    const message = await load(request.params.token);
    if (!message || message.survey?.type !== 'custom') return notFoundPage(reply);
    const { language, survey } = message;
    const values = survey.questions.map((_, index) => (request.body[`answer_${index}`] ?? '').trim());
    // A refused form comes back with the recipient's text in it: nothing typed is lost.
    if (values.some((value) => value.length > MAX_SURVEY_ANSWER_LENGTH)) {
      const error = t(language, 'recipient-pages:survey.tooLong', { max: MAX_SURVEY_ANSWER_LENGTH });
      return sendPage(reply, 400, surveyPage(message, survey.questions, values, error));
    }
    if (values.every((value) => value === '')) {
      const error = t(language, 'recipient-pages:survey.empty');
      return sendPage(reply, 400, surveyPage(message, survey.questions, values, error));
    }
    if (message.test) return testPage(reply, message);
    const answers = survey.questions.map((question, index) => ({ question, answer: values[index] ?? '' }));
    const answeredAt = at();
    await recordCustomAnswers(db, message.id, answers, answeredAt);
    await emitMessageEvent(db, {
      messageId: message.id,
      type: 'message.answered',
      at: new Date(answeredAt),
      data: { answers },
    });
    return sendPage(
      reply,
      200,
      page(language, t(language, 'recipient-pages:answer.title'), [
        paragraph(t(language, 'recipient-pages:survey.thanks')),
        link('survey', t(language, 'recipient-pages:survey.edit')),
      ]),
    );
  });

  const unsubscribedPage = (message: MessageForPage) =>
    page(message.language, t(message.language, 'recipient-pages:unsubscribe.title'), [
      paragraph(t(message.language, 'recipient-pages:unsubscribe.done', { email: message.email })),
    ]);

  route(app, publicPageEndpoints.unsubscribeForm, async (request, reply) => {
    const message = await load(request.params.token);
    if (!message) return notFoundPage(reply);
    if (message.unsubscribedAt) return sendPage(reply, 200, unsubscribedPage(message));
    const { language } = message;
    return sendPage(
      reply,
      200,
      page(language, t(language, 'recipient-pages:unsubscribe.title'), [
        paragraph(t(language, 'recipient-pages:unsubscribe.confirm', { email: message.email })),
        form(
          'unsubscribe',
          [hidden('List-Unsubscribe', 'One-Click')],
          t(language, 'recipient-pages:unsubscribe.button'),
        ),
      ]),
    );
  });

  route(app, publicPageEndpoints.unsubscribe, async (request, reply) => {
    const message = await load(request.params.token);
    if (!message) return notFoundPage(reply);
    if (message.test) return testPage(reply, message);
    await unsubscribe(db, message, at());
    return sendPage(reply, 200, unsubscribedPage(message));
  });
};

export default publicPagesRoutes;
