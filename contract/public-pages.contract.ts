import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/**
 * The pages a recipient reaches from an e-mail, without a session: the message's unguessable
 * token is the only credential. They answer small HTML pages (or a GIF), not JSON, so an unknown
 * token is a readable 404 page rather than an error body. The addresses are built by
 * server/mail/public-links.ts; these descriptors are the server's side of the same paths.
 */
const tokenParams = z.object({ token: z.string() });

/** Form fields as sent by the survey page (`answer_0`, `answer_1`, ...); the last of a repeated name wins. */
export const surveyFormSchema = z.record(z.string(), z.string()).default({});

/** Longest answer to one custom question, in characters. */
export const MAX_SURVEY_ANSWER_LENGTH = 2000;

export const publicPageEndpoints = {
  /** 1x1 GIF; records the open (a machine's apart: server/modules/public-pages/machine-traffic.ts). */
  open: defineEndpoint({
    method: 'GET',
    path: '/public/m/:token/open',
    access: 'public',
    params: tokenParams,
    status: 200,
    response: z.unknown(),
  }),
  /**
   * ?value=yes|no from the yes/no survey links: shows the question with both answers as buttons
   * and records nothing (link scanners fetch every link of a message); the POST records.
   */
  answer: defineEndpoint({
    method: 'GET',
    path: '/public/m/:token/answer',
    access: 'public',
    params: tokenParams,
    query: z.object({ value: z.string().optional() }),
    status: 200,
    response: z.unknown(),
  }),
  /** application/x-www-form-urlencoded `value=yes|no` from the answer page; the last answer is kept. */
  answerSubmit: defineEndpoint({
    method: 'POST',
    path: '/public/m/:token/answer',
    access: 'public',
    params: tokenParams,
    body: surveyFormSchema,
    status: 200,
    response: z.unknown(),
  }),
  /**
   * A tracked link of the message's HTML (server/mail/click-tracking.ts): 302 to that link of this
   * message, recording the click; a number the message has no link for is a 404 page.
   */
  click: defineEndpoint({
    method: 'GET',
    path: '/public/m/:token/c/:number',
    access: 'public',
    params: tokenParams.extend({ number: z.string() }),
    // Answers 302 itself; 200 only names the descriptor's success shape.
    status: 200,
    response: z.unknown(),
  }),
  surveyForm: defineEndpoint({
    method: 'GET',
    path: '/public/m/:token/survey',
    access: 'public',
    params: tokenParams,
    status: 200,
    response: z.unknown(),
  }),
  /** application/x-www-form-urlencoded from the survey page. */
  surveySubmit: defineEndpoint({
    method: 'POST',
    path: '/public/m/:token/survey',
    access: 'public',
    params: tokenParams,
    body: surveyFormSchema,
    status: 200,
    response: z.unknown(),
  }),
  /**
   * "View in browser": this recipient's copy of the campaign as a web page, rendered with their
   * values, without open pixel or tracked links. Records nothing (scanners fetch it too).
   */
  view: defineEndpoint({
    method: 'GET',
    path: '/public/m/:token/view',
    access: 'public',
    params: tokenParams,
    status: 200,
    response: z.unknown(),
  }),
  /** A confirm page: mail scanners follow GET links, so only the POST unsubscribes. */
  unsubscribeForm: defineEndpoint({
    method: 'GET',
    path: '/public/m/:token/unsubscribe',
    access: 'public',
    params: tokenParams,
    status: 200,
    response: z.unknown(),
  }),
  /** RFC 8058 one-click (`List-Unsubscribe=One-Click`) and the confirm page's button. */
  unsubscribe: defineEndpoint({
    method: 'POST',
    path: '/public/m/:token/unsubscribe',
    access: 'public',
    params: tokenParams,
    status: 200,
    response: z.unknown(),
  }),
};
