import type { FastifyPluginAsync } from 'fastify';
import { feedbackWebhookEndpoints as api } from '../../../contract/feedback-webhooks.contract.ts';
import { route } from '../../lib/endpoint.ts';
import { forbidden, notFound, validationFailed } from '../../lib/http-error.ts';
import { validationKeys } from '../../../contract/errors.contract.ts';
import { applyFeedback, type FeedbackEvent } from '../../mail/feedback/feedback.service.ts';
import {
  createSnsVerifier,
  isFreshSendgridTimestamp,
  isFreshSnsMessage,
  isSnsUrl,
  parseSnsMessage,
  sendgridEvents,
  sendgridPublicKey,
  sesEvents,
  SENDGRID_SIGNATURE_HEADER,
  SENDGRID_TIMESTAMP_HEADER,
  verifySendgrid,
} from '../../mail/feedback/providers.ts';

const MAX_BODY = 1024 * 1024;

/** A signed event older than its provider's window (providers.ts): 400, as Stripe's library answers. */
const staleEvent = () => validationFailed({ timestamp: validationKeys.invalid });

/** The provider webhooks: signature first, then the same rules as bounces received by mail. */
const feedbackWebhookRoutes: FastifyPluginAsync = async (app) => {
  // Signatures cover the exact bytes: in this plugin only, bodies stay text (SNS posts JSON as
  // text/plain, SendGrid as application/json).
  for (const type of ['application/json', 'text/plain']) {
    app.removeContentTypeParser(type);
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: MAX_BODY }, (_request, body, done) =>
      done(null, body),
    );
  }
  const verifySns = createSnsVerifier(() => app.snsFetchText);
  const sendgridKey = app.appConfig.feedback.sendgridPublicKey
    ? sendgridPublicKey(app.appConfig.feedback.sendgridPublicKey)
    : null;

  const apply = async (events: FeedbackEvent[]) => {
    let applied = 0;
    for (const event of events) {
      const result = await applyFeedback(app.db, event, { ...app.appConfig.feedback, now: app.now() });
      if (result.outcome === 'applied') applied += 1;
      if (result.outcome === 'applied' && result.paused)
        app.log.warn(
          { campaign: result.campaignId },
          'campaign paused: its hard-bounce rate passed the limit',
        );
    }
    return applied;
  };

  route(app, api.ses, async (request) => {
    const message = parseSnsMessage(request.body);
    if (!message) throw validationFailed({ body: validationKeys.invalid });
    let valid = false;
    try {
      valid = await verifySns(message);
    } catch (error) {
      request.log.warn({ err: error }, 'SNS signing certificate could not be read');
    }
    if (!valid) throw forbidden();
    // Signed, but possibly captured and replayed: older than SNS's retries take is refused.
    if (!isFreshSnsMessage(message, app.now())) throw staleEvent();
    if (message.Type === 'SubscriptionConfirmation') {
      // Confirming is a GET of SubscribeURL, only ever on SNS's own host.
      if (!isSnsUrl(message.SubscribeURL)) throw forbidden();
      await app.snsFetchText(message.SubscribeURL!);
      request.log.info({ topic: message.TopicArn }, 'SNS subscription confirmed');
      return { applied: 0 };
    }
    if (message.Type !== 'Notification') return { applied: 0 };
    return { applied: await apply(sesEvents(message.Message, message.MessageId)) };
  });

  route(app, api.sendgrid, async (request) => {
    if (!sendgridKey) throw notFound('Webhook');
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const signed = verifySendgrid(sendgridKey, {
      signature: header(SENDGRID_SIGNATURE_HEADER),
      timestamp: header(SENDGRID_TIMESTAMP_HEADER),
      rawBody: request.body,
    });
    if (!signed) throw forbidden();
    if (!isFreshSendgridTimestamp(header(SENDGRID_TIMESTAMP_HEADER), app.now())) throw staleEvent();
    const events = sendgridEvents(request.body);
    if (!events) throw validationFailed({ body: validationKeys.invalid });
    return { applied: await apply(events) };
  });
};

export default feedbackWebhookRoutes;
