import type { Db } from '../db/schema.ts';
import { loadCampaignContext, type CampaignContext } from './compose.ts';

/**
 * What composing needs of each campaign being sent (its compiled template, files read and encoded,
 * DKIM key), loaded once per campaign and kept while the campaign is active: never per message.
 */
export class CampaignContexts {
  private readonly loaded = new Map<string, Promise<CampaignContext>>();

  constructor(
    private readonly options: { db: Db; dataDir: string; publicUrl: string; bounceDomain: string | null },
  ) {}

  get(campaignId: string): Promise<CampaignContext> {
    let context = this.loaded.get(campaignId);
    if (!context) {
      const { db, dataDir, publicUrl, bounceDomain } = this.options;
      context = db
        .selectFrom('campaigns')
        .selectAll()
        .where('id', '=', campaignId)
        .executeTakeFirstOrThrow()
        .then((campaign) => loadCampaignContext(db, { dataDir, publicUrl, bounceDomain }, campaign));
      // A failed load (a file unreadable for a moment) is tried again by the next message.
      context.catch(() => this.loaded.delete(campaignId));
      this.loaded.set(campaignId, context);
    }
    return context;
  }

  /** Drops campaigns no longer sending (completed, paused, cancelled). */
  keepOnly(campaignIds: string[]): void {
    for (const id of this.loaded.keys()) if (!campaignIds.includes(id)) this.loaded.delete(id);
  }

  drop(campaignId: string): void {
    this.loaded.delete(campaignId);
  }
}
