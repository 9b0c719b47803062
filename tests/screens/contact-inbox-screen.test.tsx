import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contactEndpoints, type ContactMessage } from '../../contract/contact.contract.ts';
import { paths } from '../../src/app/paths.ts';
import { routeOf } from '../support/fake-server.ts';
import { renderApp, type RenderOptions } from '../setup/render.tsx';

const sara: ContactMessage = {
  id: 'c1',
  full_name: 'سارة أحمد',
  phone: '+20 100 123 4567',
  email: 'sara@example.com',
  company: 'شركة الأمل',
  message: 'نود معرفة الأسعار.',
  language: 'ar',
  read: false,
  created_at: '2026-11-24T09:00:00.000Z',
};
const omar: ContactMessage = { ...sara, id: 'c2', full_name: 'Omar', email: 'omar@example.com', read: true };

function openInbox(options: RenderOptions = {}) {
  return renderApp({
    signedInAs: 'admin',
    route: paths.dashboard.contact,
    ...options,
    routes: {
      [routeOf(contactEndpoints.list)]: () => ({ status: 200, data: { count: 2, results: [sara, omar] } }),
      [routeOf(contactEndpoints.markRead, { id: 'c1' })]: (request) => ({
        status: 200,
        data: { ...sara, read: (request.body as { read: boolean }).read },
      }),
      [routeOf(contactEndpoints.remove, { id: 'c2' })]: () => ({ status: 204 }),
      ...options.routes,
    },
  });
}

describe('contact inbox screen', () => {
  it('lists the messages in Arabic under one h1 with their read state', async () => {
    openInbox({ language: 'ar' });
    expect(await screen.findByRole('heading', { level: 1, name: 'رسائل التواصل' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await screen.findByText('سارة أحمد')).toBeInTheDocument();
    expect(screen.getByText('غير مقروءة')).toBeInTheDocument();
    expect(screen.getByText('مقروءة')).toBeInTheDocument();
  });

  it('opens an unread message, marks it read on the server, and can put it back to unread', async () => {
    const { user, server } = openInbox({ language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Open the message from سارة أحمد' }));
    const dialog = await screen.findByRole('dialog', { name: 'سارة أحمد' });
    expect(within(dialog).getByText('نود معرفة الأسعار.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Reply by e-mail' })).toHaveAttribute(
      'href',
      'mailto:sara@example.com',
    );
    await waitFor(() =>
      expect(server.seen(routeOf(contactEndpoints.markRead, { id: 'c1' }))).toHaveLength(1),
    );
    await user.click(await within(dialog).findByRole('button', { name: 'Mark as unread' }));
    await waitFor(() =>
      expect(server.seen(routeOf(contactEndpoints.markRead, { id: 'c1' }))).toHaveLength(2),
    );
    expect(await screen.findByText('Marked as unread.')).toBeInTheDocument();
  });

  it('asks before deleting a message', async () => {
    const { user, server } = openInbox({ language: 'en' });
    await screen.findByText('Omar');
    const row = screen.getByText('Omar').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /delete/i }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: /delete/i }));
    await waitFor(() => expect(server.seen(routeOf(contactEndpoints.remove, { id: 'c2' }))).toHaveLength(1));
  });
});
