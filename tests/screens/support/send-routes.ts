import { recipientEndpoints } from '../../../contract/recipients.contract.ts';
import { sendEndpoints, type SendCheck } from '../../../contract/send.contract.ts';
import { templateEndpoints, type Template } from '../../../contract/templates.contract.ts';
import { routeOf, type Handler, type Reply } from '../../support/fake-server.ts';

export const template: Template = {
  id: 'tpl-1',
  name: 'Offer',
  subject: 'Hello {{name}}',
  content: '<p>Dear {{name}}, contract {{contract_no}}.</p><script>window.__pwned = true</script>',
  editor: 'html',
  variables: ['contract_no'],
  owner_id: 'u-sender',
  owner_username: 'sam',
  created_at: '2026-11-24T08:00:00Z',
  updated_at: '2026-11-24T09:00:00Z',
};

export const checkOf = (change: Partial<SendCheck> = {}): SendCheck => ({
  recipients_count: 1,
  blocked_count: 0,
  cost: 1,
  balance: 50,
  missing_attachments_count: 0,
  missing_attachments: [],
  variables: [],
  sample: [],
  ...change,
});

const page = (results: unknown[]): Reply => ({ status: 200, data: { count: results.length, results } });
const { content: _content, ...summary } = template;
const list = (id: string, name: string, count: number) => ({
  id,
  name,
  recipients_count: count,
  owner_id: 'u-sender',
  owner_username: 'sam',
  created_at: '2026-11-24T08:00:00Z',
  updated_at: '2026-11-24T08:00:00Z',
});

export const routes = {
  senders: routeOf(sendEndpoints.senderEmails),
  templates: routeOf(templateEndpoints.list),
  template: routeOf(templateEndpoints.get, { id: template.id }),
  lists: routeOf(recipientEndpoints.lists),
  groups: routeOf(recipientEndpoints.groups),
  check: routeOf(sendEndpoints.check),
  send: routeOf(sendEndpoints.create),
};

/** The send wizard's server: sender addresses, one template, two lists; check and send answered. */
export function sendRoutes(
  override: Partial<Record<keyof typeof routes, Handler>> = {},
): Record<string, Handler> {
  const base: Record<keyof typeof routes, Handler> = {
    senders: () => ({ status: 200, data: { emails: ['news@sam.example'] } }),
    templates: () => page([summary]),
    template: () => ({ status: 200, data: template }),
    lists: () => page([list('l1', 'Clients', 3), list('l2', 'Partners', 2)]),
    groups: () => page([]),
    check: () => ({ status: 200, data: checkOf() }),
    send: () => ({ status: 201, data: { id: 'c-1', status: 'sending', recipients_count: 1 } }),
  };
  const merged = { ...base, ...override };
  return Object.fromEntries(
    Object.entries(merged).map(([name, handler]) => [routes[name as keyof typeof routes], handler]),
  );
}
