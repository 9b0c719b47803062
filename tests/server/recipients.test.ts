import { recipientEndpoints as api } from '../../contract/recipients.contract.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { caller } from './recipients-support.ts';

describe('recipient lists, recipients and groups', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let alice: string;
  let bob: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    alice = (await t.signInAs('sender')).access;
    bob = (await t.signInAs('sender')).access;
    admin = (await t.signInAs('admin')).access;
  });
  afterAll(() => t.close());

  const newList = async (token: string, name = `list-${Math.random().toString(36).slice(2)}`) => {
    const response = await call(token, api.createList, { body: { name } });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string; name: string; recipients_count: number }>();
  };

  it('creates, renames, reads, pages and deletes a list with its count', async () => {
    const list = await newList(alice, '  عملاء الرياض ');
    expect(list).toMatchObject({ name: 'عملاء الرياض', recipients_count: 0 });
    const renamed = await call(alice, api.updateList, { params: { id: list.id }, body: { name: 'Riyadh' } });
    expect(renamed.json()).toMatchObject({ id: list.id, name: 'Riyadh' });
    const page = await call(alice, api.lists, { query: { search: 'riy' } });
    expect(page.json()).toMatchObject({ count: 1, results: [{ id: list.id }] });
    expect((await call(alice, api.createList, { body: { name: ' ' } })).json().fields).toEqual({
      name: 'validation.required',
    });
    expect((await call(alice, api.removeList, { params: { id: list.id } })).statusCode).toBe(204);
    expect((await call(alice, api.getList, { params: { id: list.id } })).statusCode).toBe(404);
  });

  it('normalises addresses and holds each once per list, compared without case', async () => {
    const list = await newList(alice);
    const added = await call(alice, api.createRecipient, {
      body: {
        list: list.id,
        email: '  Sara.Ali@Example.COM ',
        name: 'سارة',
        extra: [{ name: 'city', value: 'Jeddah' }],
      },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ email: 'Sara.Ali@example.com', name: 'سارة', phone: '' });
    const again = await call(alice, api.createRecipient, {
      body: { list: list.id, email: 'sara.ali@EXAMPLE.com' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual({ email: 'validation.recipientExists' });
    const bad = await call(alice, api.createRecipient, { body: { list: list.id, email: 'not-an-address' } });
    expect(bad.json().fields).toEqual({ email: 'validation.email' });
    const incomplete = await call(alice, api.createRecipient, {
      body: { list: list.id, email: 'x@example.com', extra: [{ name: 'city', value: ' ' }] },
    });
    expect(incomplete.json().fields).toEqual({ extra: 'validation.extraIncomplete' });
    expect((await call(alice, api.getList, { params: { id: list.id } })).json().recipients_count).toBe(1);
  });

  it('edits, searches (Arabic and case-insensitive) and deletes a recipient', async () => {
    const list = await newList(alice);
    const ids: string[] = [];
    for (const [email, name] of [
      ['one@example.com', 'أحمد'],
      ['Two@example.com', 'Mona'],
      ['three@example.com', 'Huda_50%'],
    ])
      ids.push((await call(alice, api.createRecipient, { body: { list: list.id, email, name } })).json().id);
    const search = (term: string) =>
      call(alice, api.recipients, { query: { list: list.id, search: term } }).then((r) => r.json());
    expect((await search('أحمد')).results.map((r: { email: string }) => r.email)).toEqual([
      'one@example.com',
    ]);
    expect((await search('TWO')).count).toBe(1);
    expect((await search('_50%')).count).toBe(1);
    expect((await search('%')).count).toBe(1);
    const edited = await call(alice, api.updateRecipient, {
      params: { id: ids[1]! },
      body: { name: 'Mona S.', phone: '+966 50 000 0000' },
    });
    expect(edited.json()).toMatchObject({
      name: 'Mona S.',
      phone: '+966 50 000 0000',
      email: 'Two@example.com',
    });
    expect((await search('mona s')).count).toBe(1);
    const clash = await call(alice, api.updateRecipient, {
      params: { id: ids[1]! },
      body: { email: 'ONE@example.com' },
    });
    expect(clash.statusCode).toBe(409);
    expect((await call(alice, api.removeRecipient, { params: { id: ids[0]! } })).statusCode).toBe(204);
    const page = await call(alice, api.recipients, {
      query: { list: list.id, page_size: 2, ordering: 'email' },
    });
    expect(page.json()).toMatchObject({ count: 2 });
    expect(page.json().results.map((r: { email: string }) => r.email)).toEqual([
      'three@example.com',
      'Two@example.com',
    ]);
  });

  it('never lets a sender read or change another sender’s list, recipient or group, ids guessed included', async () => {
    const list = await newList(alice);
    const recipient = (
      await call(alice, api.createRecipient, { body: { list: list.id, email: 'private@example.com' } })
    ).json();
    const group = (await call(alice, api.createGroup, { body: { name: 'G', lists: [list.id] } })).json();
    const attempts = [
      call(bob, api.getList, { params: { id: list.id } }),
      call(bob, api.updateList, { params: { id: list.id }, body: { name: 'mine' } }),
      call(bob, api.removeList, { params: { id: list.id } }),
      call(bob, api.recipients, { query: { list: list.id } }),
      call(bob, api.exportList, { params: { id: list.id } }),
      call(bob, api.importChunk, { params: { id: list.id }, body: { rows: [{ email: 'x@example.com' }] } }),
      call(bob, api.getRecipient, { params: { id: recipient.id } }),
      call(bob, api.updateRecipient, { params: { id: recipient.id }, body: { name: 'x' } }),
      call(bob, api.removeRecipient, { params: { id: recipient.id } }),
      call(bob, api.getGroup, { params: { id: group.id } }),
      call(bob, api.updateGroup, { params: { id: group.id }, body: { name: 'x' } }),
      call(bob, api.removeGroup, { params: { id: group.id } }),
      call(bob, api.getList, { params: { id: crypto.randomUUID() } }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode).toBe(404);
    const intoBobs = await call(bob, api.createRecipient, {
      body: { list: list.id, email: 'y@example.com' },
    });
    expect(intoBobs.statusCode).toBe(404);
    const bobGroup = await call(bob, api.createGroup, { body: { name: 'steal', lists: [list.id] } });
    expect(bobGroup.json().fields).toEqual({ lists: 'validation.listNotFound' });
    expect((await call(bob, api.lists)).json().results.map((l: { id: string }) => l.id)).not.toContain(
      list.id,
    );
    expect((await call(bob, api.groups)).json().results.map((g: { id: string }) => g.id)).not.toContain(
      group.id,
    );
    // Nothing changed.
    expect((await call(alice, api.getRecipient, { params: { id: recipient.id } })).json().email).toBe(
      'private@example.com',
    );
  });

  it('lets an administrator read everyone’s lists and groups but change only its own', async () => {
    const list = await newList(alice);
    const group = (await call(alice, api.createGroup, { body: { name: 'G', lists: [list.id] } })).json();
    const read = await call(admin, api.getList, { params: { id: list.id } });
    expect(read.statusCode).toBe(200);
    expect(read.json().owner_username).toMatch(/^sender-/);
    expect((await call(admin, api.recipients, { query: { list: list.id } })).statusCode).toBe(200);
    expect((await call(admin, api.getGroup, { params: { id: group.id } })).statusCode).toBe(200);
    expect((await call(admin, api.lists, { query: { page_size: 200 } })).json().count).toBeGreaterThan(1);
    expect(
      (await call(admin, api.updateList, { params: { id: list.id }, body: { name: 'x' } })).statusCode,
    ).toBe(403);
    expect((await call(admin, api.removeGroup, { params: { id: group.id } })).statusCode).toBe(403);
  });

  it('groups lists with a count, replaces its lists and drops a deleted list from them', async () => {
    const [a, b, c] = [await newList(alice), await newList(alice), await newList(alice)];
    const created = await call(alice, api.createGroup, {
      body: { name: 'المجموعة', lists: [a.id, b.id, a.id] },
    });
    expect(created.statusCode).toBe(201);
    const group = created.json();
    expect(group).toMatchObject({ name: 'المجموعة', lists_count: 2 });
    expect(group.lists.sort()).toEqual([a.id, b.id].sort());
    const updated = await call(alice, api.updateGroup, { params: { id: group.id }, body: { lists: [c.id] } });
    expect(updated.json()).toMatchObject({ lists: [c.id], lists_count: 1, name: 'المجموعة' });
    await call(alice, api.removeList, { params: { id: c.id } });
    expect((await call(alice, api.getGroup, { params: { id: group.id } })).json().lists_count).toBe(0);
    const page = await call(alice, api.groups, { query: { search: 'المجموعة' } });
    expect(page.json().results.map((g: { id: string }) => g.id)).toContain(group.id);
    expect((await call(alice, api.removeGroup, { params: { id: group.id } })).statusCode).toBe(204);
    expect((await call(alice, api.getGroup, { params: { id: group.id } })).statusCode).toBe(404);
  });
});
