import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import ar from '../../src/i18n/locales/ar/common.json';
import arMailbox from '../../src/i18n/locales/ar/mailbox.json';
import { useAppAndBrowser } from './support/app-and-browser.ts';
import { freePort } from './support/app-server.ts';
import { screenshot, waitForRoute } from './support/browser.ts';
import { signInAs } from './support/sign-in.ts';

// The capture server's port is fixed for this run so the test can send to it like the engine does.
const capturePort = await freePort();

describe('mailbox in the built app', () => {
  const run = useAppAndBrowser({ CAPTURE_SMTP_PORT: String(capturePort) });

  it('shows a captured message rendered safely, with its attachment downloadable', async () => {
    const transport = nodemailer.createTransport(`smtp://127.0.0.1:${capturePort}`);
    await transport.sendMail({
      from: 'news@sender.test',
      to: 'ali@example.test',
      subject: 'مرحبا من الصندوق',
      html: '<h2 id="greeting">Hello Ali</h2><script>document.body.innerHTML = "hacked"</script>',
      attachments: [{ filename: 'report.txt', content: 'report body' }],
    });
    transport.close();

    const page = await run.newPage(900);
    await signInAs(page, run.app.baseUrl, run.app.adminUsername, run.app.adminPassword);
    await page.getByRole('link', { name: ar.nav.mailbox }).click();
    await waitForRoute(page, '#/dashboard/mailbox');
    await page.getByRole('heading', { level: 1, name: arMailbox.title }).waitFor();
    await page.getByRole('button', { name: `${arMailbox.open} مرحبا من الصندوق` }).click();

    // The sandbox blocks the script: the frame shows the mail's own text, untouched.
    const frame = page.frameLocator(`iframe[title="${arMailbox.htmlFrame}"]`);
    await frame.getByRole('heading', { name: 'Hello Ali' }).waitFor();
    expect(await frame.locator('body').innerText()).not.toContain('hacked');
    await screenshot(page, 'mailbox-message-ar');

    await page.getByRole('tab', { name: arMailbox.tabs.attachments.replace('{{count}}', '1') }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `${arMailbox.download} report.txt` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('report.txt');
  });
});
