import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiKeyEndpoints, type ApiKey } from '../../contract/api-keys.contract.ts';
import { v1DocumentEndpoints } from '../../contract/api-reference.contract.ts';
import { webhookEndpoints, type Webhook, type WebhookDelivery } from '../../contract/webhooks.contract.ts';
import { paths } from '../../src/app/paths.ts';
import { routeOf } from '../support/fake-server.ts';
import { renderApp } from '../setup/render.tsx';

const firstLoad = { timeout: 15_000 };

vi.mock('@scalar/api-reference-react', () => ({
  ApiReferenceReact: ({ configuration }: { configuration: unknown }) => (
    <output data-testid="scalar">{JSON.stringify(configuration)}</output>
  ),
}));

const shopKey: ApiKey = {
  id: 'k1',
  name: 'Online shop',
  prefix: 'eln_AbCdEfGh',
  scopes: ['send', 'read'],
  expires_at: null,
  last_used_at: null,
  revoked_at: null,
  created_at: '2026-11-20T08:00:00.000Z',
  user: { id: 'u1', username: 'layla' },
  paused_reason: null,
};

const hook: Webhook = {
  id: 'w1',
  url: 'https://crm.example.com/hooks',
  events: ['message.sent'],
  enabled: true,
  disabled_reason: null,
  failing_since: null,
  created_at: '2026-11-20T08:00:00.000Z',
  user: { id: 'u1', username: 'layla' },
};

const delivery: WebhookDelivery = {
  id: 'd1',
  event_id: 'msg_1',
  event_type: 'message.sent',
  status: 'failed',
  attempts: 7,
  response_status: 500,
  latency_ms: 42,
  error: 'HTTP 500',
  next_attempt_at: null,
  delivered_at: null,
  created_at: '2026-11-21T08:00:00.000Z',
};

const openApi = {
  openapi: '3.1.0',
  info: { title: 'El Namer HTTP v1', version: '1.0.0' },
  paths: {
    '/send/': {
      post: {
        operationId: 'send',
        summary: 'Accept a send',
        tags: ['Sending'],
        'x-scope': 'send',
        parameters: [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string' } }],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  subject: { type: 'string' },
                  tags: { type: 'array', items: { type: 'string' } },
                },
                required: ['subject'],
              },
            },
          },
        },
        responses: { '201': { description: 'Success' } },
      },
    },
    '/logs/email/': {
      get: {
        operationId: 'listCampaignLogs',
        summary: 'Campaigns in the e-mail log',
        tags: ['E-mail log'],
        'x-scope': 'read',
        responses: { '200': { description: 'Success' } },
      },
    },
  },
};

describe('developer tools screens', { timeout: 40_000 }, () => {
  it('creates an API key, shows it once, and revokes one after asking, in Arabic', async () => {
    const { user, server } = renderApp({
      signedInAs: 'sender',
      language: 'ar',
      route: paths.dashboard.settings.developer.keys,
      routes: {
        [routeOf(apiKeyEndpoints.list)]: () => ({ status: 200, data: { count: 1, results: [shopKey] } }),
        [routeOf(apiKeyEndpoints.create)]: (request) => ({
          status: 201,
          data: {
            id: 'k2',
            name: (request.body as { name: string }).name,
            key: 'eln_secretsecretsecret',
            scopes: ['send', 'read'],
            expires_at: null,
            created_at: '2026-11-26T08:00:00.000Z',
          },
        }),
        [routeOf(apiKeyEndpoints.revoke, { id: 'k1' })]: () => ({ status: 204 }),
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'مفاتيح الواجهة البرمجية' }, firstLoad),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await screen.findByText('Online shop')).toBeInTheDocument();
    expect(screen.getByText('eln_AbCdEfGh…')).toBeInTheDocument();
    expect(screen.getByText('لم يُستخدم بعد')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'مفتاح جديد' }));
    const form = await screen.findByRole('dialog', { name: 'مفتاح واجهة برمجية جديد' });
    await user.click(within(form).getByRole('button', { name: 'إنشاء المفتاح' }));
    expect(await within(form).findByText('هذا الحقل مطلوب.')).toBeInTheDocument();
    expect(server.seen(routeOf(apiKeyEndpoints.create))).toHaveLength(0);
    await user.type(within(form).getByRole('textbox', { name: /^الاسم/ }), 'CRM');
    await user.click(within(form).getByRole('checkbox', { name: /lists:write/ }));
    await user.click(within(form).getByRole('button', { name: 'إنشاء المفتاح' }));

    const shown = await screen.findByRole('dialog', { name: 'مفتاحك الجديد' });
    expect(within(shown).getByText('eln_secretsecretsecret')).toBeInTheDocument();
    expect(server.seen(routeOf(apiKeyEndpoints.create)).map((r) => r.body)).toEqual([
      { name: 'CRM', scopes: ['send', 'read', 'lists:write'] },
    ]);
    await user.click(within(shown).getByRole('button', { name: 'تم' }));
    await waitFor(() => expect(screen.queryByText('eln_secretsecretsecret')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'إبطال المفتاح Online shop' }));
    const confirm = await screen.findByRole('dialog', { name: 'إبطال هذا المفتاح؟' });
    expect(within(confirm).getByText(/Online shop/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'إبطال' }));
    expect(await screen.findByText('أُبطل المفتاح.')).toBeInTheDocument();
    expect(server.seen(routeOf(apiKeyEndpoints.revoke, { id: 'k1' }))).toHaveLength(1);
  });

  it('adds a webhook endpoint, shows its secret once, turns it off, and replays a delivery, in English', async () => {
    const { user, server, router } = renderApp({
      signedInAs: 'sender',
      language: 'en',
      route: paths.dashboard.settings.developer.webhooks,
      routes: {
        [routeOf(webhookEndpoints.list)]: () => ({ status: 200, data: { count: 1, results: [hook] } }),
        [routeOf(webhookEndpoints.create)]: (request) => ({
          status: 201,
          data: { ...hook, id: 'w2', url: (request.body as { url: string }).url, secret: 'whsec_c2VjcmV0' },
        }),
        [routeOf(webhookEndpoints.update, { id: 'w1' })]: (request) => ({
          status: 200,
          data: { ...hook, ...(request.body as object) },
        }),
        [routeOf(webhookEndpoints.deliveries, { id: 'w1' })]: () => ({
          status: 200,
          data: { count: 1, results: [delivery] },
        }),
        [routeOf(webhookEndpoints.replay, { id: 'w1', delivery: 'd1' })]: () => ({
          status: 200,
          data: { ...delivery, status: 'pending' },
        }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' }, firstLoad)).toBeInTheDocument();
    expect(await screen.findByText('https://crm.example.com/hooks')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New endpoint' }));
    const form = await screen.findByRole('dialog', { name: 'New webhook endpoint' });
    await user.type(within(form).getByRole('textbox', { name: /^Endpoint URL/ }), 'not a url');
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText('This value is not valid.')).toBeInTheDocument();
    await user.clear(within(form).getByRole('textbox', { name: /^Endpoint URL/ }));
    await user.type(
      within(form).getByRole('textbox', { name: /^Endpoint URL/ }),
      'https://shop.example.com/h',
    );
    await user.click(within(form).getByRole('checkbox', { name: 'Campaign completed' }));
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    const shown = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(shown).getByText('whsec_c2VjcmV0')).toBeInTheDocument();
    expect(server.seen(routeOf(webhookEndpoints.create)).map((r) => r.body)).toEqual([
      {
        url: 'https://shop.example.com/h',
        events: ['message.sent', 'message.failed', 'campaign.completed'],
        enabled: true,
      },
    ]);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));

    await user.click(screen.getByRole('button', { name: 'Turn off https://crm.example.com/hooks' }));
    expect(await screen.findByText('The endpoint is off.')).toBeInTheDocument();
    expect(server.seen(routeOf(webhookEndpoints.update, { id: 'w1' })).map((r) => r.body)).toEqual([
      { enabled: false },
    ]);

    await user.click(screen.getByRole('link', { name: 'Delivery log of https://crm.example.com/hooks' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(paths.dashboard.settings.developer.webhook('w1')),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Webhook delivery log' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Failed')).toBeInTheDocument();
    expect(screen.getByText('42 ms')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Replay the Message sent delivery of/ }));
    expect(await screen.findByText('The delivery was queued again.')).toBeInTheDocument();
    expect(server.seen(routeOf(webhookEndpoints.replay, { id: 'w1', delivery: 'd1' }))).toHaveLength(1);
  });

  for (const language of ['ar', 'en'] as const) {
    it(`renders the HTTP v1 reference from the OpenAPI document, with examples for this address (${language})`, async () => {
      renderApp({
        signedInAs: 'sender',
        language,
        route: paths.dashboard.settings.developer.reference,
        routes: { [routeOf(v1DocumentEndpoints.openapi)]: () => ({ status: 200, data: openApi }) },
      });
      const title = language === 'ar' ? 'مرجع HTTP v1' : 'HTTP v1 reference';
      expect(await screen.findByRole('heading', { level: 1, name: title }, firstLoad)).toBeInTheDocument();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      // Scalar itself (Vue, layout) is driven in Chromium by tests/e2e/developer.e2e.ts; here its
      // stand-in shows what the screen hands it.
      const viewer = await screen.findByTestId('scalar', undefined, firstLoad);
      const configuration = JSON.parse(viewer.textContent ?? '{}') as Record<string, unknown>;
      expect(configuration.content).toEqual(openApi);
      expect(configuration.servers).toEqual([{ url: `${window.location.origin}/api/v1` }]);
      expect(configuration.localization).toEqual({
        locale: language,
        direction: language === 'ar' ? 'rtl' : 'ltr',
      });
      // Nothing from Scalar's servers: the CSP allows only this origin, and the build is self-contained.
      expect(configuration).toMatchObject({
        withDefaultFonts: false,
        telemetry: false,
        agent: { disabled: true },
        showDeveloperTools: 'never',
        hideTestRequestButton: true,
        hideSearch: true,
        urlRouting: false,
      });
      expect(viewer.closest('.eln-openapi-viewer')?.getAttribute('dir')).toBe(
        language === 'ar' ? 'rtl' : 'ltr',
      );
      const example = screen.getByText(/curl -X POST/);
      expect(example.textContent).toContain(`${window.location.origin}/api/v1/send/`);
      expect(screen.getByRole('tab', { name: 'Python' })).toBeInTheDocument();
    });
  }
});
