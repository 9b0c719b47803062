import {
  logEndpoints as api,
  type CampaignLogDetail,
  type CampaignTimeline,
  type MessageLog,
} from '../../../contract/logs.contract.ts';
import { sendEndpoints } from '../../../contract/send.contract.ts';
import { paths } from '../../../src/app/paths.ts';
import { routeOf } from '../../support/fake-server.ts';
import { renderApp, type RenderOptions } from '../../setup/render.tsx';

// One campaign, paused by the bounce-rate rule after delivering 10, whose log entry the e-mail
// log's screen tests open (bounces, possible duplicates): each test adds its own messages.

export const counts = { queued: 0, sending: 0, sent: 10, failed: 0, blocked: 0, cancelled: 0 };
export const campaign: CampaignLogDetail = {
  id: 'k9',
  user_id: 'u-sender',
  username: 'sam',
  name: null,
  subject: 'Stale list',
  from_email: 'sam@example.com',
  sender_name: 'Sam',
  status: 'paused',
  recipients_count: 600,
  counts: {
    ...counts,
    opened: 0,
    machine_opened: 0,
    clicked: 0,
    machine_clicked: 0,
    possible_duplicates: 0,
    bounced: 1,
    complained: 1,
  },
  scheduled_at: null,
  started_at: '2026-11-24T09:00:00.000Z',
  late_seconds: null,
  finished_at: null,
  pause_reason: 'bounce_rate',
  created_at: '2026-11-24T08:59:00.000Z',
  html: '<p>x</p>',
  source_type: 'lists',
  survey: null,
  language: 'en',
  track_clicks: false,
  bounces: {
    hard: 1,
    soft: 0,
    sender: 2,
    reasons: [
      { bounce_type: 'sender', reason: 'authfailure', count: 2 },
      { bounce_type: 'hard', reason: 'userunknown', count: 1 },
    ],
  },
};
export const timeline: CampaignTimeline = {
  bucket: 'hour',
  deliveries: [{ at: '2026-11-24T09:00:00.000Z', count: 10 }],
  failures: [],
  opens: [],
  machine_opens: [],
  clicks: [],
  answers: [],
  custom_answered: 0,
  bounces: [{ at: '2026-11-24T10:00:00.000Z', count: 1 }],
  complaints: [{ at: '2026-11-24T11:00:00.000Z', count: 1 }],
};
/** A hard-bounced message; the tests derive their others from it. */
export const bouncedMessage: MessageLog = {
  id: 'm1',
  seq: 1,
  email: 'gone@example.org',
  name: '',
  status: 'bounced',
  bounced_at: '2026-11-24T10:00:00.000Z',
  bounce_code: '5.1.1',
  bounce_diagnostic: '550 5.1.1 <gone@example.org>: User unknown',
  bounce_type: 'hard',
  bounce_reason: 'userunknown',
  soft_bounce_count: 0,
  complained_at: null,
  blocked_reason: null,
  attempts: 1,
  smtp_response: '250 ok',
  sent_at: '2026-11-24T09:01:00.000Z',
  failed_at: null,
  opened_at: null,
  open_count: 0,
  machine_open_count: 0,
  clicked_at: null,
  click_count: 0,
  machine_click_count: 0,
  survey_question: null,
  survey_answer: null,
  custom_answers: null,
  last_checked_at: null,
  unsubscribed_at: null,
  possible_duplicate: false,
};

/** Opens campaign k9's log entry as its sender, the server answering with these figures. */
export function openCampaignLog(
  options: RenderOptions,
  messages: MessageLog[],
  detail: CampaignLogDetail = campaign,
) {
  return renderApp({
    signedInAs: 'sender',
    route: paths.dashboard.logs.emailEntry('k9'),
    ...options,
    routes: {
      [routeOf(api.get, { id: 'k9' })]: () => ({ status: 200, data: detail }),
      [routeOf(api.timeline, { id: 'k9' })]: () => ({ status: 200, data: timeline }),
      [routeOf(api.links, { id: 'k9' })]: () => ({ status: 200, data: { tracked: false, results: [] } }),
      [routeOf(api.messages, { id: 'k9' })]: () => ({
        status: 200,
        data: { count: messages.length, results: messages },
      }),
      [routeOf(sendEndpoints.get, { id: 'k9' })]: () => ({
        status: 200,
        data: {
          id: 'k9',
          status: 'paused',
          recipients_count: 600,
          counts,
          scheduled_at: null,
          started_at: detail.started_at,
          finished_at: null,
        },
      }),
    },
  });
}
