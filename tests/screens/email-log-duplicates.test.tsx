import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MessageLog } from '../../contract/logs.contract.ts';
import type { RenderOptions } from '../setup/render.tsx';
import { bouncedMessage, campaign, openCampaignLog } from './support/stopped-campaign-log.ts';

/** A message re-sent after a crash is shown as possibly sent twice, with the campaign's count (issue 31). */
const messages: MessageLog[] = [
  bouncedMessage,
  {
    ...bouncedMessage,
    id: 'm2',
    seq: 2,
    email: 'angry@example.org',
    status: 'complained',
    bounced_at: null,
    bounce_code: null,
    bounce_diagnostic: null,
    bounce_type: null,
    bounce_reason: null,
    complained_at: '2026-11-24T11:00:00.000Z',
  },
  {
    ...bouncedMessage,
    id: 'm3',
    seq: 3,
    email: 'twice@example.org',
    status: 'sent',
    bounced_at: null,
    bounce_code: null,
    bounce_diagnostic: null,
    bounce_type: null,
    bounce_reason: null,
    possible_duplicate: true,
  },
];

const open = (options: RenderOptions) =>
  openCampaignLog(options, messages, {
    ...campaign,
    counts: { ...campaign.counts, possible_duplicates: 1 },
  });

const wait = { timeout: 15_000 };

describe('possible duplicates in the e-mail log', { timeout: 40_000 }, () => {
  it("marks the flagged message and counts the campaign's (English)", async () => {
    open({ language: 'en' });
    const flagged = (await screen.findByText('twice@example.org', {}, wait)).closest('tr')!;
    expect(within(flagged).getByText(/^Possibly sent twice: the server stopped/)).toBeInTheDocument();
    const other = screen.getByText('gone@example.org').closest('tr')!;
    expect(within(other).queryByText(/Possibly sent twice/)).toBeNull();
    expect(screen.getByText('Possibly sent twice')).toBeInTheDocument();
  });

  it('says the same in Arabic', async () => {
    open({ language: 'ar' });
    const flagged = (await screen.findByText('twice@example.org', {}, wait)).closest('tr')!;
    expect(within(flagged).getByText(/^ربما أُرسلت مرتين: توقف الخادم/)).toBeInTheDocument();
    expect(screen.getByText('ربما أُرسلت مرتين')).toBeInTheDocument();
  });
});
