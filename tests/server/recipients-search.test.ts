import { recipientEndpoints as api } from '../../contract/recipients.contract.ts';
import { createDb } from '../../server/db/create-db.ts';
import { migrateTo, migrateToLatest } from '../../server/db/migrate.ts';
import { pageRecipients } from '../../server/modules/recipients/recipients.repository.ts';
import { createTestApp, createTestDatabase, type TestApp } from './helpers/test-app.ts';
import { caller } from './recipients-support.ts';

/**
 * The recipients search through its index (SQLite FTS5 trigram table, PostgreSQL pg_trgm): the
 * same substring answers as a plain LIKE, whichever path a term takes (rare terms through the
 * index, common or short ones through the list), and the index follows every insert, edit,
 * re-import and delete.
 */
describe('searching recipients through the trigram index', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let alice: string;

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    alice = (await t.signInAs('sender')).access;
  });
  afterAll(() => t.close());

  const newList = async () =>
    (
      await call(alice, api.createList, { body: { name: `بحث ${Math.random().toString(36).slice(2)}` } })
    ).json<{
      id: string;
    }>().id;
  const importRows = async (listId: string, rows: unknown[]) => {
    const response = await call(alice, api.importChunk, { params: { id: listId }, body: { rows } });
    expect(response.statusCode).toBe(200);
    return response.json<{ added: number; updated: number }>();
  };
  type Page = { count: number; count_capped?: boolean; results: { email: string; name: string }[] };
  const search = async (listId: string, term: string, query: Record<string, string | number> = {}) => {
    const response = await call(alice, api.recipients, {
      query: { list: listId, search: term, page_size: 200, ...query },
    });
    expect(response.statusCode).toBe(200);
    return response.json<Page>();
  };
  const emails = (page: Page) => page.results.map((row) => row.email);

  // 2,500 rows: "مهندس" is in every row (more hits than the index path takes), numbers are rare.
  const rows = Array.from({ length: 2500 }, (_, i) => ({
    row: i + 2,
    email: `Person${i}@Example.com`,
    name: i === 7 ? 'نورة "الشمري"' : `مستلم رقم ${i}`,
    job_title: 'مهندس',
    organization: i === 9 ? 'ACME_50%' : 'شركة',
  }));

  it('finds parts of e-mails and Arabic names, common words and short terms like a substring search', async () => {
    const list = await newList();
    const other = await newList();
    expect(await importRows(list, rows)).toMatchObject({ added: 2500, updated: 0 });
    // The same addresses in another list never show up in this one's search.
    await importRows(other, rows.slice(0, 100));

    expect(emails(await search(list, 'PERSON1234@'))).toEqual(['Person1234@example.com']);
    expect(emails(await search(list, 'son2499@exa'))).toEqual(['Person2499@example.com']);
    const arabic = await search(list, 'رقم 123');
    expect(arabic.count).toBe(11); // 123 and 1230..1239
    expect(emails(arabic)).toContain('Person1239@example.com');
    expect(emails(await search(list, '"الشمري"'))).toEqual(['Person7@example.com']);
    expect(emails(await search(list, 'me_50%'))).toEqual(['Person9@example.com']);
    expect((await search(list, 'acme_5')).count).toBe(1);
    expect((await search(list, 'me_5x')).count).toBe(0);
    expect((await search(list, 'no such text')).count).toBe(0);

    // A word every row holds is counted 1,000 rows past the page's start ("more than 1,200"),
    // not through the whole list; the last page counts to the end, exactly.
    const common = await search(list, 'مهندس', { page: 3, page_size: 100 });
    expect(common).toMatchObject({ count: 1200, count_capped: true });
    expect(common.results[0]!.email).toBe('Person200@example.com');
    const last = await search(list, 'مهندس', { page: 13, page_size: 200 });
    expect(last).toMatchObject({ count: 2500, count_capped: false });
    expect(last.results).toHaveLength(100);
    // Two characters: "99" is in 99, 199, ..., 990..999, 1099, ...: counted against a filter here.
    const expected = rows.filter((row) => row.email.includes('99') || row.name.includes('99')).length;
    expect(await search(list, '99')).toMatchObject({ count: expected, count_capped: false });
    expect(await search(list, 'م')).toMatchObject({ count: 1000, count_capped: true });
    // Without a search the list's own count is exact, whatever its size.
    expect(await search(list, '')).toMatchObject({ count: 2500, count_capped: false });
  });

  it('follows edits, re-imports and deletes', async () => {
    const list = await newList();
    await importRows(list, rows.slice(0, 50));
    const [first] = (await search(list, 'person10@')).results as unknown as { id: string }[];
    expect(first).toBeDefined();

    await call(alice, api.updateRecipient, { params: { id: first!.id }, body: { name: 'سلطان العتيبي' } });
    expect((await search(list, 'مستلم رقم 10')).count).toBe(0);
    expect(emails(await search(list, 'سلطان العتيب'))).toEqual(['Person10@example.com']);

    expect(await importRows(list, [{ email: 'PERSON10@example.com', name: 'فهد الدوسري' }])).toMatchObject({
      added: 0,
      updated: 1,
    });
    expect((await search(list, 'سلطان')).count).toBe(0);
    // The update keeps the address as it was first written (issue 22 item 4).
    expect(emails(await search(list, 'الدوسري'))).toEqual(['Person10@example.com']);

    expect((await call(alice, api.removeRecipient, { params: { id: first!.id } })).statusCode).toBe(204);
    expect((await search(list, 'الدوسري')).count).toBe(0);
    expect((await call(alice, api.removeList, { params: { id: list } })).statusCode).toBe(204);
    const created = await call(alice, api.createRecipient, {
      body: { list: await newList(), email: 'late@example.com', name: 'ريم المطيري' },
    });
    const lateList = created.json<{ list_id: string }>().list_id;
    expect(emails(await search(lateList, 'المطيري'))).toEqual(['late@example.com']);
  });

  it('refuses a chunk with a NUL in one cell, naming that cell', async () => {
    const list = await newList();
    const response = await call(alice, api.importChunk, {
      params: { id: list },
      body: {
        rows: [
          { email: 'a@example.com' },
          { email: 'b@example.com', extra: [{ name: 'x', value: 'a\u0000' }] },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ 'rows.1.extra.0.value': 'validation.invalid' });
  });

  it('indexes the recipients stored before the migration', async () => {
    const database = await createTestDatabase();
    const db = createDb(database.config);
    try {
      await migrateTo(db, '2026-11-24-0050-theme-name-key');
      const at = new Date().toISOString();
      await db
        .insertInto('users')
        .values({
          ...{ id: 'u1', username: 'u1', email: 'u1@example.com', organization: null, password_hash: '-' },
          ...{ role: 'sender', is_active: 1, sender_name: null, created_at: at, updated_at: at },
        })
        .execute();
      await db
        .insertInto('recipient_lists')
        .values({
          id: 'l1',
          owner_id: 'u1',
          name: 'old',
          recipients_count: 2,
          created_at: at,
          updated_at: at,
        })
        .execute();
      for (const [id, email, name] of [
        ['r1', 'old.one@example.com', 'عبدالله القحطاني'],
        ['r2', 'old.two@example.com', 'سارة الحربي'],
      ] as const) {
        await db
          .insertInto('recipients')
          .values({
            ...{ id, list_id: 'l1', owner_id: 'u1', email, email_key: email, name, job_title: '', phone: '' },
            ...{ organization: '', country: '', extra: '[]', attachment: '', created_at: at, updated_at: at },
            search_text: `${email} ${name}`,
          })
          .execute();
      }
      await migrateToLatest(db);
      const found = await pageRecipients(
        db,
        { id: 'l1', recipients_count: 2 },
        { search: 'القحطان', page: 1, page_size: 20 },
      );
      expect(found.count).toBe(1);
      expect(found.results.map((row) => row.id)).toEqual(['r1']);
    } finally {
      await db.destroy();
      await database.cleanup();
    }
  });
});
