import { configure, screen, waitFor } from '@testing-library/react';
import { paths } from '../../src/app/paths.ts';
import { renderApp, type Rendered } from '../setup/render.tsx';
import { checkOf, sendRoutes } from './support/send-routes.ts';
import './support/editor-shims.ts';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 40_000 });

// Issue 37, item 9: what the wizard says about the variables, where the focus goes when a step
// refuses to go on, and the survey in the review's preview.

const selectInput = (label: string) =>
  screen.getAllByLabelText(label, { exact: false }).find((element) => element.tagName === 'INPUT')!;
const next = (app: Rendered) =>
  app.user.click(screen.getByRole('button', { name: app.i18n.t('send:nav.next') }));
const stepHeading = (app: Rendered, step: string) =>
  screen.findByRole('heading', { level: 2, name: app.i18n.t(`send:steps.${step}`) });

async function toMessage(app: Rendered) {
  await screen.findByRole('heading', { level: 1 });
  await app.user.type(await screen.findByLabelText('Recipient e-mail', { exact: false }), 'ali@example.com');
  await app.user.type(screen.getByLabelText('Recipient name'), 'Ali');
  await next(app);
  await stepHeading(app, 'message');
}

describe('send wizard: variables, focus on problems, survey preview', () => {
  beforeAll(async () => {
    await Promise.all([
      import('../../src/screens/send/send-screen.tsx'),
      import('../../src/screens/templates/html-editor.tsx'),
    ]);
  }, 60_000);
  beforeEach(() => window.localStorage.clear());

  it('lists the variables of a loaded template, and counts them once checked', async () => {
    let checks = 0;
    const app = renderApp({
      signedInAs: 'sender',
      language: 'en',
      route: paths.dashboard.send.user,
      routes: sendRoutes({
        check: () => {
          checks += 1;
          // The first step's count saw no content; the variables check sees the template's.
          const variables =
            checks === 1
              ? []
              : [
                  { name: 'name', missing_count: 0 },
                  { name: 'contract_no', missing_count: 1 },
                ];
          return { status: 200, data: checkOf({ variables }) };
        },
      }),
    });
    await toMessage(app);
    expect(await screen.findByText('The message uses no variables.')).toBeInTheDocument();
    await app.user.click(selectInput('Template'));
    await app.user.click(await screen.findByRole('option', { name: 'Offer' }));
    expect(await screen.findByText(/^name: press “Check the variables”/)).toBeInTheDocument();
    expect(screen.getByText(/^contract_no: press “Check the variables”/)).toBeInTheDocument();
    expect(screen.queryByText('The message uses no variables.')).toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'Check the variables' }));
    expect(await screen.findByText('name: every recipient has a value')).toBeInTheDocument();
    expect(screen.getByText('contract_no: 1 recipient has no value')).toBeInTheDocument();
  });

  it('moves the focus to the first field that needs attention when a step refuses to go on', async () => {
    const app = renderApp({
      signedInAs: 'sender',
      language: 'ar',
      route: paths.dashboard.send.user,
      routes: sendRoutes(),
    });
    await screen.findByRole('heading', { level: 1 });
    await next(app);
    const email = await screen.findByLabelText(app.i18n.t('send:recipients.email'), { exact: false });
    await waitFor(() => expect(email).toHaveFocus());
    // The field reads its error: it describes the field the focus is on.
    expect(email).toHaveAttribute('aria-invalid', 'true');
    const error = document.getElementById(email.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(error).toHaveTextContent('الرجاء اختيار مستخدم.');
  });

  it('previews the survey the send appends, in the message language', async () => {
    const app = renderApp({
      signedInAs: 'sender',
      language: 'en',
      route: paths.dashboard.send.user,
      routes: sendRoutes(),
    });
    await toMessage(app);
    await app.user.click(selectInput('Template'));
    await app.user.click(await screen.findByRole('option', { name: 'Offer' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Subject', { exact: false })).toHaveValue('Hello {{name}}'),
    );
    await app.user.type(screen.getByLabelText('Sender name', { exact: false }), 'El Namer');
    await next(app);
    await stepHeading(app, 'attachments');
    await next(app);
    await stepHeading(app, 'survey');
    await app.user.click(screen.getByRole('radio', { name: app.i18n.t('send:survey.yesNo') }));
    await app.user.type(
      screen.getByLabelText(app.i18n.t('send:survey.question'), { exact: false }),
      'Coming?',
    );
    await next(app);
    await stepHeading(app, 'schedule');
    await next(app);
    await stepHeading(app, 'review');
    const srcdoc = (await screen.findByTitle(app.i18n.t('send:review.frame'))).getAttribute('srcdoc') ?? '';
    const body = new DOMParser().parseFromString(srcdoc, 'text/html').body;
    expect(body.textContent).toContain('Dear Ali');
    expect(body.textContent).toContain('Coming?');
    const answers = [...body.querySelectorAll('a')].map((link) => link.textContent);
    expect(answers).toEqual(['Yes', 'No']);
  });
});
