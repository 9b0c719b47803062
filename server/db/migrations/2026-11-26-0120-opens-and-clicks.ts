import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must keep describing the schema
// as it was on this date, whatever the app's types become later.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Opens and clicks that people make, counted apart from those of machines (link scanners, image
 * prefetching proxies, fetches within seconds of delivery), and click tracking:
 * - messages: opened_at / open_count stay the person's opens; machine opens get their own
 *   columns; clicks per message (people and machines).
 * - campaigns.track_clicks: 1 rewrites the links of the campaign's HTML to the click address.
 * - campaign_links: per link number of a campaign, clicks by people and by machines.
 * - message_link_clicks: per message and link, so the report counts unique clickers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('campaigns')
    .addColumn('track_clicks', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(1)
        .check(sql`track_clicks in (0, 1)`),
    )
    .execute();
  for (const [name, type] of [
    ['machine_opened_at', 'text'],
    ['machine_open_count', 'integer'],
    ['clicked_at', 'text'],
    ['click_count', 'integer'],
    ['machine_clicked_at', 'text'],
    ['machine_click_count', 'integer'],
  ] as const) {
    // One statement per column: SQLite adds one column per ALTER TABLE.
    await db.schema
      .alterTable('messages')
      .addColumn(name, type, (col) => (type === 'integer' ? col.notNull().defaultTo(0) : col))
      .execute();
  }

  await db.schema
    .createTable('campaign_links')
    .addColumn('campaign_id', 'text', (col) => col.notNull().references('campaigns.id').onDelete('cascade'))
    // 1-based position among the campaign HTML's tracked links (server/mail/click-tracking.ts).
    .addColumn('link_number', 'integer', (col) => col.notNull())
    // The link as the campaign's content has it ({{variables}} not filled in).
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('click_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('machine_click_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('first_clicked_at', 'text', (col) => col.notNull())
    .addColumn('last_clicked_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('campaign_links_pk', ['campaign_id', 'link_number'])
    .execute();

  await db.schema
    .createTable('message_link_clicks')
    .addColumn('message_id', 'text', (col) => col.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('link_number', 'integer', (col) => col.notNull())
    // Repeated so the per-link report groups one campaign's rows through its own index.
    .addColumn('campaign_id', 'text', (col) => col.notNull())
    .addColumn('click_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('machine_click_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('first_clicked_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('message_link_clicks_pk', ['message_id', 'link_number'])
    .execute();
  await db.schema
    .createIndex('message_link_clicks_campaign_index')
    .on('message_link_clicks')
    .columns(['campaign_id', 'link_number'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('message_link_clicks').execute();
  await db.schema.dropTable('campaign_links').execute();
  for (const name of [
    'machine_click_count',
    'machine_clicked_at',
    'click_count',
    'clicked_at',
    'machine_open_count',
    'machine_opened_at',
  ]) {
    await db.schema.alterTable('messages').dropColumn(name).execute();
  }
  await db.schema.alterTable('campaigns').dropColumn('track_clicks').execute();
}
