import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must keep describing the schema
// as it was on this date, whatever the app's types become later.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Each campaign's message counts per status (and how many of them were opened, clicked, flagged,
 * bounced, complained), kept by triggers in the same transaction as every write to `messages`
 * (issue 17). The e-mail log and the overview read these few rows instead of counting a
 * campaign's messages on every request: a 100k campaign's count read every row on the thread
 * that answers HTTP. Triggers, not application code, because messages change in many places
 * (accept, claim, results, cancel, feedback, opens, clicks, recovery) and a count kept by hand
 * would drift the first time one of them forgot.
 *
 * SQLite: row triggers (cheap: no network, no planning per row). PostgreSQL: statement triggers
 * over transition tables, so a 200-row result batch costs one counter update per status, not 200.
 */
const COUNTED = [
  'opened_at',
  'machine_opened_at',
  'clicked_at',
  'machine_clicked_at',
  'bounced_at',
  'complained_at',
];
// counter column <- what each message row adds to it
const PARTS: [string, (row: string) => string][] = [
  ['total', () => '1'],
  ['opened', (row) => `(${row}.opened_at is not null)`],
  ['machine_opened', (row) => `(${row}.machine_opened_at is not null)`],
  ['clicked', (row) => `(${row}.clicked_at is not null)`],
  ['machine_clicked', (row) => `(${row}.machine_clicked_at is not null)`],
  ['duplicates', (row) => `${row}.possible_duplicate`],
  ['bounced', (row) => `(${row}.bounced_at is not null)`],
  ['complained', (row) => `(${row}.complained_at is not null)`],
];
const COLUMNS = PARTS.map(([column]) => column);

export async function up(db: Kysely<any>): Promise<void> {
  let table = db.schema
    .createTable('campaign_counts')
    // No foreign key: a campaign's deletion cascades to its messages, whose delete trigger must
    // not trip over a counter row the cascade already removed. The campaign trigger cleans up.
    .addColumn('campaign_id', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull());
  for (const column of COLUMNS)
    table = table.addColumn(column, 'bigint', (col) => col.notNull().defaultTo(0));
  await table.addPrimaryKeyConstraint('campaign_counts_pkey', ['campaign_id', 'status']).execute();

  await sql
    .raw(
      `insert into campaign_counts (campaign_id, status, ${COLUMNS.join(', ')})
       select campaign_id, status, count(*), count(opened_at), count(machine_opened_at), count(clicked_at),
              count(machine_clicked_at), sum(possible_duplicate), count(bounced_at), count(complained_at)
       from messages group by campaign_id, status`,
    )
    .execute(db);

  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

async function sqliteTriggers(db: Kysely<any>) {
  const add = (row: 'new' | 'old', sign: '+' | '-') => [
    ...(sign === '+'
      ? [`insert or ignore into campaign_counts (campaign_id, status) values (new.campaign_id, new.status);`]
      : []),
    `update campaign_counts set ${PARTS.map(([column, part]) => `${column} = ${column} ${sign} ${part(row)}`).join(', ')}
     where campaign_id = ${row}.campaign_id and status = ${row}.status;`,
  ];
  const statements = [
    `create trigger messages_counts_insert after insert on messages begin ${add('new', '+').join(' ')} end`,
    `create trigger messages_counts_update after update of status, possible_duplicate, ${COUNTED.join(', ')}
     on messages begin ${[...add('old', '-'), ...add('new', '+')].join(' ')} end`,
    `create trigger messages_counts_delete after delete on messages begin ${add('old', '-').join(' ')} end`,
    `create trigger campaigns_counts_delete after delete on campaigns begin
       delete from campaign_counts where campaign_id = old.id; end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function postgresTriggers(db: Kysely<any>) {
  const sums = (row: string) =>
    PARTS.map(([column, part]) => `sum(d.n * ${part(row)}::int) as ${column}`).join(', ');
  const delta = (source: string) => `
    select d.campaign_id, d.status, ${sums('d')}
    from (${source}) d group by d.campaign_id, d.status
    having ${COLUMNS.map((column) => `sum(d.n * ${PARTS.find(([c]) => c === column)![1]('d')}::int) <> 0`).join(' or ')}
    order by d.campaign_id, d.status`;
  const upsert = (source: string) => `
    insert into campaign_counts as c (campaign_id, status, ${COLUMNS.join(', ')}) ${delta(source)}
    on conflict (campaign_id, status) do update set
    ${COLUMNS.map((column) => `${column} = c.${column} + excluded.${column}`).join(', ')}`;
  const rows = (table: string, n: number) => `select ${n} as n, * from ${table}`;
  const statements = [
    `create function messages_counts_insert() returns trigger language plpgsql as $$
     begin ${upsert(rows('new_rows', 1))}; return null; end $$`,
    `create function messages_counts_update() returns trigger language plpgsql as $$
     begin ${upsert(`${rows('new_rows', 1)} union all ${rows('old_rows', -1)}`)}; return null; end $$`,
    // Deleted rows only take away: their counter rows may be gone already (campaign deleted).
    `create function messages_counts_delete() returns trigger language plpgsql as $$
     begin
       update campaign_counts c set ${COLUMNS.map((column) => `${column} = c.${column} + g.${column}`).join(', ')}
       from (${delta(rows('old_rows', -1))}) g
       where c.campaign_id = g.campaign_id and c.status = g.status;
       return null;
     end $$`,
    `create function campaigns_counts_delete() returns trigger language plpgsql as $$
     begin delete from campaign_counts c using old_rows o where c.campaign_id = o.id; return null; end $$`,
    `create trigger messages_counts_insert after insert on messages referencing new table as new_rows
     for each statement execute function messages_counts_insert()`,
    `create trigger messages_counts_update after update on messages
     referencing old table as old_rows new table as new_rows
     for each statement execute function messages_counts_update()`,
    `create trigger messages_counts_delete after delete on messages referencing old table as old_rows
     for each statement execute function messages_counts_delete()`,
    `create trigger campaigns_counts_delete after delete on campaigns referencing old table as old_rows
     for each statement execute function campaigns_counts_delete()`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [trigger, table] of [
    ['messages_counts_insert', 'messages'],
    ['messages_counts_update', 'messages'],
    ['messages_counts_delete', 'messages'],
    ['campaigns_counts_delete', 'campaigns'],
  ]) {
    await sql
      .raw(postgres ? `drop trigger if exists ${trigger} on ${table}` : `drop trigger if exists ${trigger}`)
      .execute(db);
    if (postgres) await sql.raw(`drop function if exists ${trigger}()`).execute(db);
  }
  await db.schema.dropTable('campaign_counts').execute();
}
