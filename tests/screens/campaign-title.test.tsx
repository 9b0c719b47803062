import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  logEndpoints as api,
  type CampaignLog,
  type CampaignLogDetail,
  type CampaignTimeline,
} from '../../contract/logs.contract.ts';
import { paths } from '../../src/app/paths.ts';
import type { Language } from '../../src/i18n/languages.ts';
import ar from '../../src/i18n/locales/ar/logs.json';
import en from '../../src/i18n/locales/en/logs.json';
import { routeOf } from '../support/fake-server.ts';
import { renderApp } from '../setup/render.tsx';

// Issue 22 defect 7: a campaign is titled by the name the sender gave it, or else by its subject
// with each {{variable}} shown as a chip that reads "variable …", never as raw braces.
const named: CampaignLog = {
  id: 'k1',
  user_id: 'u-sender',
  username: 'sam',
  name: 'November offer',
  subject: 'Hello {{name}}',
  from_email: 'sam@example.com',
  sender_name: 'Sam',
  status: 'completed',
  recipients_count: 3,
  counts: {
    queued: 0,
    sending: 0,
    sent: 3,
    failed: 0,
    blocked: 0,
    cancelled: 0,
    opened: 0,
    machine_opened: 0,
    clicked: 0,
    machine_clicked: 0,
    possible_duplicates: 0,
    bounced: 0,
    complained: 0,
  },
  scheduled_at: null,
  started_at: '2026-11-24T09:00:00.000Z',
  late_seconds: null,
  finished_at: '2026-11-24T09:10:00.000Z',
  pause_reason: null,
  created_at: '2026-11-24T08:59:00.000Z',
};
const nameless: CampaignLog = { ...named, id: 'k2', name: null, subject: 'مرحبًا {{name}}، عرض {{ city }}' };
const detailOf = (campaign: CampaignLog): CampaignLogDetail => ({
  ...campaign,
  html: '<p>x</p>',
  source_type: 'lists',
  survey: null,
  language: 'ar',
  track_clicks: false,
  bounces: { hard: 0, soft: 0, sender: 0, reasons: [] },
});
const timeline: CampaignTimeline = {
  bucket: 'hour',
  deliveries: [],
  failures: [],
  opens: [],
  machine_opens: [],
  clicks: [],
  answers: [],
  custom_answered: 0,
  bounces: [],
  complaints: [],
};

function render(language: Language, route: string) {
  const rendered = renderApp({
    signedInAs: 'sender',
    language,
    route,
    routes: {
      [routeOf(api.list)]: () => ({ status: 200, data: { count: 2, results: [named, nameless] } }),
      ...Object.fromEntries(
        [named, nameless].flatMap((campaign) => [
          [routeOf(api.get, { id: campaign.id }), () => ({ status: 200, data: detailOf(campaign) })],
          [routeOf(api.timeline, { id: campaign.id }), () => ({ status: 200, data: timeline })],
          [
            routeOf(api.links, { id: campaign.id }),
            () => ({ status: 200, data: { tracked: false, results: [] } }),
          ],
          [
            routeOf(api.messages, { id: campaign.id }),
            () => ({ status: 200, data: { count: 0, results: [] } }),
          ],
        ]),
      ),
    },
  });
  rendered.i18n.addResourceBundle('ar', 'logs', ar, true, false);
  rendered.i18n.addResourceBundle('en', 'logs', en, true, false);
  return rendered;
}

const wait = { timeout: 15_000 };
const variable = { ar: 'المتغير', en: 'variable' } as const;

/** The chips of a title: what they show, and that no brace is left. */
function chipsOf(element: HTMLElement) {
  expect(element.textContent).not.toMatch(/[{}]/);
  return [...element.querySelectorAll('[data-variable]')].map((chip) => chip.textContent);
}

describe('campaign titles', { timeout: 40_000 }, () => {
  for (const language of ['ar', 'en'] as const) {
    it(`shows the name, or the subject with variables as chips, in the log list (${language})`, async () => {
      render(language, paths.dashboard.logs.email);
      const link = await screen.findByRole('link', { name: 'November offer' }, wait);
      expect(link).toHaveAttribute('href', paths.dashboard.logs.emailEntry('k1'));
      expect(screen.queryByText('Hello {{name}}')).not.toBeInTheDocument();
      const chipped = await screen.findByRole('link', {
        name: `مرحبًا ${variable[language]} name، عرض ${variable[language]} city`,
      });
      expect(chipsOf(chipped)).toEqual(['name', 'city']);
      for (const chip of chipped.querySelectorAll('[data-variable]'))
        expect(chip).toHaveAttribute('aria-hidden', 'true');
    });

    it(`titles the log entry by its name, or its subject with chips (${language})`, async () => {
      const first = render(language, paths.dashboard.logs.emailEntry('k1'));
      expect(
        await screen.findByRole('heading', { level: 1, name: 'November offer' }, wait),
      ).toBeInTheDocument();
      first.unmount();
      render(language, paths.dashboard.logs.emailEntry('k2'));
      const heading = await screen.findByRole(
        'heading',
        { level: 1, name: `مرحبًا ${variable[language]} name، عرض ${variable[language]} city` },
        wait,
      );
      expect(chipsOf(heading)).toEqual(['name', 'city']);
    });
  }
});
