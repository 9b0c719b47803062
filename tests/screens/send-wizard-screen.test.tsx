import { configure, screen, waitFor, within } from '@testing-library/react';
import { paths } from '../../src/app/paths.ts';
import { SEND_DRAFT_PREFIX } from '../../src/services/send-draft.storage.ts';
import { renderApp, type Rendered, type RenderOptions } from '../setup/render.tsx';
import { checkOf, routes, sendRoutes } from './support/send-routes.ts';
import './support/editor-shims.ts';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 40_000 });

function openWizard(options: RenderOptions = {}) {
  return renderApp({
    signedInAs: 'sender',
    route: paths.dashboard.send.user,
    ...options,
    routes: { ...sendRoutes(), ...options.routes },
  });
}

/** A Mantine select's input: its label names both the input and its list of options. */
const selectInput = (label: string) =>
  screen.getAllByLabelText(label, { exact: false }).find((element) => element.tagName === 'INPUT')!;
const next = (app: Rendered) =>
  app.user.click(screen.getByRole('button', { name: app.i18n.t('send:nav.next') }));
const stepHeading = (app: Rendered, step: string) =>
  screen.findByRole('heading', { level: 2, name: app.i18n.t(`send:steps.${step}`) });

/** Recipient -> message from the template -> no files -> yes/no survey -> now -> review. */
async function toReview(app: Rendered, atSchedule?: () => Promise<void>) {
  const { user, i18n } = app;
  const t = (key: string) => i18n.t(key);
  // The wizard's texts arrive with its chunk: wait for it before reading them.
  await screen.findByRole('heading', { level: 1 });
  await user.type(
    await screen.findByLabelText(t('send:recipients.email'), { exact: false }),
    'ali@example.com',
  );
  await user.type(screen.getByLabelText(t('send:recipients.name')), 'Ali');
  await next(app);
  await stepHeading(app, 'message');
  await user.click(selectInput(t('send:message.template')));
  await user.click(await screen.findByRole('option', { name: 'Offer' }));
  await waitFor(() =>
    expect(screen.getByLabelText(t('send:message.subject'), { exact: false })).toHaveValue('Hello {{name}}'),
  );
  await user.type(screen.getByLabelText(t('send:message.senderName'), { exact: false }), 'El Namer');
  await next(app);
  await stepHeading(app, 'attachments');
  await next(app);
  await stepHeading(app, 'survey');
  await user.click(screen.getByRole('radio', { name: t('send:survey.yesNo') }));
  await user.type(screen.getByLabelText(t('send:survey.question'), { exact: false }), 'Coming?');
  await next(app);
  await stepHeading(app, 'schedule');
  await atSchedule?.();
  await next(app);
  await stepHeading(app, 'review');
}

describe('send wizard screen', () => {
  beforeAll(async () => {
    await Promise.all([
      import('../../src/screens/send/send-screen.tsx'),
      import('../../src/screens/templates/html-editor.tsx'),
      import('../../src/screens/templates/visual-editor.tsx'),
    ]);
  }, 60_000);
  beforeEach(() => window.localStorage.clear());

  it('walks every step in Arabic and sends, with the log link and the success toast', async () => {
    const app = openWizard({ language: 'ar' });
    expect(await screen.findByRole('heading', { level: 1, name: 'الإرسال إلى مستلم' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toContain('إرسال إلى مستلم'));
    await next(app);
    expect(await screen.findByText('الرجاء اختيار مستخدم.')).toBeInTheDocument();
    expect(app.server.seen(routes.check)).toHaveLength(0);
    await toReview(app);
    // The first step's count asked the server with the recipient alone.
    expect(app.server.seen(routes.check)[0]?.body).toMatchObject({
      source: { type: 'single', recipient: { email: 'ali@example.com', name: 'Ali' } },
      language: 'ar',
    });
    const frame = await screen.findByTitle('معاينة الرسالة');
    expect(frame.getAttribute('sandbox')).toBe('');
    const srcdoc = frame.getAttribute('srcdoc') ?? '';
    expect(srcdoc).toContain('Dear Ali');
    expect(srcdoc).not.toContain('<script');
    expect(screen.getByText('Hello Ali')).toBeInTheDocument();
    // Counted texts in their Arabic plural forms: one credit it costs, 50 (11–99) in the balance.
    expect(await screen.findByText('وحدة رصيد واحدة')).toBeInTheDocument();
    expect(screen.getByText('50 وحدة رصيد')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'أرسل الآن' }));
    expect(await screen.findByRole('heading', { name: 'رسالتك في طريقها' })).toBeInTheDocument();
    expect(await screen.findByText('مستلم واحد.')).toBeInTheDocument();
    expect(app.server.seen(routes.send)[0]?.body).toMatchObject({
      subject: 'Hello {{name}}',
      from_email: 'news@sam.example',
      sender_name: 'El Namer',
      survey: { type: 'yes_no', question: 'Coming?' },
      scheduled_at: null,
      language: 'ar',
    });
    expect(screen.getByRole('link', { name: 'افتح سجل الرسالة' })).toHaveAttribute(
      'href',
      paths.dashboard.logs.emailEntry('c-1'),
    );
    expect((await screen.findAllByText('جارٍ إرسال الرسالة.')).length).toBeGreaterThan(0);
    expect(window.localStorage.getItem(`${SEND_DRAFT_PREFIX}single`)).toBeNull();
  });

  it('counts clicks unless switched off on the schedule step, which the review shows (English)', async () => {
    const app = openWizard({ language: 'en' });
    await toReview(app, async () => {
      // Mantine's switch names itself with its label and its description.
      const toggle = screen.getByRole('switch', { name: /^Count clicks on the message's links/ });
      expect(toggle).toBeChecked();
      await app.user.click(toggle);
      expect(toggle).not.toBeChecked();
    });
    const row = screen.getByRole('rowheader', { name: "Count clicks on the message's links" }).closest('tr')!;
    expect(within(row).getByRole('cell')).toHaveTextContent('Off');
    await app.user.click(screen.getByRole('button', { name: 'Send now' }));
    expect(await screen.findByRole('heading', { name: 'Your e-mail is on its way' })).toBeInTheDocument();
    expect(app.server.seen(routes.send)[0]?.body).toMatchObject({ track_clicks: false });
  });

  it('shows the server’s reason when the send is refused, in English', async () => {
    const app = openWizard({
      language: 'en',
      routes: sendRoutes({
        send: () => ({
          status: 402,
          data: {
            statusCode: 402,
            code: 'errors.insufficientCredit',
            message: 'Not enough credit',
            details: { balance: 0, needed: 1 },
          },
        }),
      }),
    });
    await toReview(app);
    // One credit, in the singular.
    expect(await screen.findByText('1 credit')).toBeInTheDocument();
    expect(screen.getByText('50 credits')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Send now' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Error: No missing data.' })).toBeInTheDocument();
    expect(within(alert).getByText(/Your balance is 0 and it needs 1/)).toBeInTheDocument();
    await app.user.click(within(alert).getByRole('button', { name: 'Back to the review' }));
    expect(await stepHeading(app, 'review')).toBeInTheDocument();
  });

  it('stops at the review when credit is short, and going back keeps what was entered', async () => {
    const app = openWizard({
      language: 'en',
      route: paths.dashboard.send.list,
      routes: sendRoutes({
        check: () => ({
          status: 200,
          data: checkOf({
            recipients_count: 4,
            cost: 4,
            balance: 3,
            sample: [
              { email: 'lina@clients.example', name: 'Lina', extra: [] },
              { email: 'omar@partners.example', name: 'Omar', extra: [] },
            ],
          }),
        }),
      }),
    });
    const { user } = app;
    expect(await screen.findByRole('heading', { level: 1, name: 'Send to lists' })).toBeInTheDocument();
    await next(app);
    expect(await screen.findByText('Choose at least one list.')).toBeInTheDocument();
    await user.click(selectInput('Recipient lists'));
    await user.click(await screen.findByRole('option', { name: 'Clients (3 recipients)' }));
    await user.click(await screen.findByRole('option', { name: 'Partners (2 recipients)' }));
    await next(app);
    await stepHeading(app, 'message');
    await user.type(screen.getByLabelText('Subject', { exact: false }), 'News');
    await user.type(screen.getByLabelText('Sender name', { exact: false }), 'Sam');
    await user.click(screen.getByRole('radio', { name: 'HTML code' }));
    await user.type(
      (await screen.findByTestId('html-editor')).querySelector('.cm-content') as HTMLElement,
      '<p>Hi</p>',
    );
    await next(app);
    await stepHeading(app, 'attachments');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await stepHeading(app, 'message');
    expect(screen.getByLabelText('Subject', { exact: false })).toHaveValue('News');
    await next(app);
    await stepHeading(app, 'attachments');
    await next(app);
    await next(app);
    await next(app);
    expect(
      await screen.findByText('Not enough credit for this send. Your balance is 3 credits and it needs 4.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send now' })).toBeDisabled();
    // The preview is for the lists' own recipients, as the server's check resolved them.
    const previewFor = screen.getAllByLabelText('Preview for').find((element) => element.tagName === 'INPUT');
    expect(previewFor).toHaveValue('lina@clients.example');
    expect(screen.queryByText(/A sample recipient/)).toBeNull();
    expect(app.server.seen(routes.check).at(-1)?.body).toMatchObject({
      source: { type: 'lists', ids: ['l1', 'l2'] },
    });
  });

  it('asks before leaving a filled wizard, and a reload brings the draft back', async () => {
    const app = openWizard({ language: 'en' });
    const { user } = app;
    await user.type(await screen.findByLabelText('Recipient e-mail', { exact: false }), 'huda@example.com');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave the send form?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.router.state.location.pathname).toBe(paths.dashboard.send.user);
    app.unmount();

    const again = openWizard({ language: 'en' });
    expect(await screen.findByLabelText('Recipient e-mail', { exact: false })).toHaveValue(
      'huda@example.com',
    );
    await again.user.click(screen.getByRole('button', { name: 'Cancel' }));
    const asked = await screen.findByRole('dialog', { name: 'Leave the send form?' });
    await again.user.click(within(asked).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(again.router.state.location.pathname).toBe(paths.dashboard.home));
    expect(window.localStorage.getItem(`${SEND_DRAFT_PREFIX}single`)).toBeNull();
  });
});
