import { configure, screen, waitFor, within } from '@testing-library/react';
import { paths } from '../../src/app/paths.ts';
import { renderApp, type Rendered } from '../setup/render.tsx';
import { sendEndpoints } from '../../contract/send.contract.ts';
import { routeOf } from '../support/fake-server.ts';
import { checkOf, routes, sendRoutes } from './support/send-routes.ts';
import './support/editor-shims.ts';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const next = (app: Rendered) =>
  app.user.click(screen.getByRole('button', { name: app.i18n.t('send:nav.next') }));
const stepHeading = (app: Rendered, step: string) =>
  screen.findByRole('heading', { level: 2, name: app.i18n.t(`send:steps.${step}`) });
const selectInput = (label: string) =>
  screen.getAllByLabelText(label, { exact: false }).find((element) => element.tagName === 'INPUT')!;

/** Issue 22, defect 11: the preview showed "Welcome to " with an empty value and said nothing. */
describe('the review warns about recipients without a value', () => {
  beforeAll(async () => {
    await Promise.all([
      import('../../src/screens/send/send-screen.tsx'),
      import('../../src/screens/templates/html-editor.tsx'),
    ]);
  }, 60_000);

  it.each(['ar', 'en'] as const)(
    'says how many recipients lack each used variable (%s)',
    async (language) => {
      const app = renderApp({
        language,
        signedInAs: 'sender',
        route: paths.dashboard.send.user,
        routes: sendRoutes({
          check: () => ({
            status: 200,
            data: checkOf({
              variables: [
                { name: 'name', missing_count: 0 },
                { name: 'company', missing_count: 3 },
                { name: 'city', missing_count: 1 },
              ],
            }),
          }),
        }),
      });
      const { user, i18n } = app;
      const t = (key: string) => i18n.t(key);
      await screen.findByRole('heading', { level: 1 });
      await user.type(
        await screen.findByLabelText(t('send:recipients.email'), { exact: false }),
        'ali@example.com',
      );
      await next(app);
      await stepHeading(app, 'message');
      await user.click(selectInput(t('send:message.template')));
      await user.click(await screen.findByRole('option', { name: 'Offer' }));
      await waitFor(() =>
        expect(screen.getByLabelText(t('send:message.subject'), { exact: false })).toHaveValue(
          'Hello {{name}}',
        ),
      );
      await user.type(screen.getByLabelText(t('send:message.senderName'), { exact: false }), 'El Namer');
      for (const step of ['attachments', 'survey', 'schedule', 'review']) {
        await next(app);
        await stepHeading(app, step);
      }
      const warning = (await screen.findByText(t('send:review.missingValues'))).closest(
        '[role="alert"], .mantine-Alert-root',
      )!;
      const items = within(warning as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
      expect(items).toEqual([
        i18n.t('send:message.variableMissing', { name: 'company', count: 3 }),
        i18n.t('send:message.variableMissing', { name: 'city', count: 1 }),
      ]);
    },
  );

  it.each(['ar', 'en'] as const)(
    'sends a test to up to five addresses before the real send (%s)',
    async (language) => {
      const app = renderApp({
        language,
        signedInAs: 'sender',
        route: paths.dashboard.send.user,
        routes: {
          ...sendRoutes(),
          [routeOf(sendEndpoints.test)]: (request) => ({
            status: 202,
            data: { sent_to: (request.body as { to: string[] }).to },
          }),
        },
      });
      const { user, i18n } = app;
      const t = (key: string) => i18n.t(key);
      await screen.findByRole('heading', { level: 1 });
      await user.type(
        await screen.findByLabelText(t('send:recipients.email'), { exact: false }),
        'ali@example.com',
      );
      await next(app);
      await stepHeading(app, 'message');
      await user.click(selectInput(t('send:message.template')));
      await user.click(await screen.findByRole('option', { name: 'Offer' }));
      await waitFor(() =>
        expect(screen.getByLabelText(t('send:message.subject'), { exact: false })).toHaveValue(
          'Hello {{name}}',
        ),
      );
      await user.type(screen.getByLabelText(t('send:message.senderName'), { exact: false }), 'El Namer');
      for (const step of ['attachments', 'survey', 'schedule', 'review']) {
        await next(app);
        await stepHeading(app, step);
      }
      const field = screen.getByLabelText(t('send:test.to'), { exact: false });
      await waitFor(() => expect(field).toBeEnabled());
      await user.type(field, 'me@example.com, boss@example.com');
      await user.click(screen.getByRole('button', { name: t('send:test.send') }));
      expect(
        (await screen.findAllByText(t('send:test.sent'), {}, { timeout: 10_000 })).length,
      ).toBeGreaterThan(0);
      const sent = app.server.seen(routeOf(sendEndpoints.test));
      expect(sent).toHaveLength(1);
      expect(sent[0]?.body).toMatchObject({
        to: ['me@example.com', 'boss@example.com'],
        language,
        subject: 'Hello {{name}}',
      });
      // A test is not the send: no campaign was asked for, and the real send is still one click away.
      expect(app.server.seen(routes.send)).toHaveLength(0);
      expect(screen.getByRole('button', { name: t('send:nav.send') })).toBeEnabled();
    },
  );
});
