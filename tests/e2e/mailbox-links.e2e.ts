import { describe, expect, it } from 'vitest';
import arMailbox from '../../src/i18n/locales/ar/mailbox.json';
import arPages from '../../src/i18n/locales/ar/recipient-pages.json';
import { paths } from '../../src/app/paths.ts';
import { adminToken, api, newestMailTo } from './support/admin-api.ts';
import { useAppAndBrowser } from './support/app-and-browser.ts';
import { freePort } from './support/app-server.ts';
import { signInAs } from './support/sign-in.ts';

// The e-mailed links must point at this server: the port is chosen here and given as PUBLIC_URL.
const port = await freePort();

// Issue 37, defect 2: the Mailbox is the built-in way to try a survey; its links must work.
describe('links inside a Mailbox message (Chromium)', () => {
  const e2e = useAppAndBrowser({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });

  it('the survey\'s "yes" opens the answer page in a tab of its own', async () => {
    const token = await adminToken(e2e.app);
    const { emails } = await api<{ emails: string[] }>(e2e.app, 'GET', '/send/sender-emails/', { token });
    await api(e2e.app, 'POST', '/send/', {
      token,
      body: {
        subject: 'هل تحضر؟',
        html: '<p>مرحبا {{name}}</p>',
        from_email: emails[0],
        sender_name: 'El Namer',
        source: { type: 'single', recipient: { email: 'reader@example.test', name: 'Reader' } },
        survey: { type: 'yes_no', question: 'هل تحضر الحفل؟' },
        language: 'ar',
      },
    });
    await newestMailTo(e2e.app, token, 'reader@example.test');

    const page = await e2e.newPage(900);
    await signInAs(page, e2e.app.baseUrl, e2e.app.adminUsername, e2e.app.adminPassword);
    await page.goto(`${e2e.app.baseUrl}/#${paths.dashboard.mailbox}`);
    await page.getByRole('button', { name: `${arMailbox.open} هل تحضر؟` }).click();
    const frame = page.frameLocator(`iframe[title="${arMailbox.htmlFrame}"]`);
    const [answerPage] = await Promise.all([
      page.context().waitForEvent('page'),
      frame.getByRole('link', { name: arPages.yes, exact: true }).click(),
    ]);
    await answerPage.getByRole('heading', { name: arPages.answer.askTitle }).waitFor();
    expect(await answerPage.locator('body').innerText()).toContain('هل تحضر الحفل؟');
    // The page escaped the mail's sandbox: its answer button records the answer.
    await answerPage.getByRole('button', { name: arPages.yes }).click();
    await answerPage.getByRole('heading', { name: arPages.answer.title }).waitFor();
  });
});
