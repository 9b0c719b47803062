import { describe, expect, it } from 'vitest';
import { paths } from '../../src/app/paths.ts';
import arProfile from '../../src/i18n/locales/ar/profile.json';
import { useAppAndBrowser } from './support/app-and-browser.ts';
import { seriousViolations } from './support/axe.ts';
import { screenshot, waitForRoute } from './support/browser.ts';
import { signInAs } from './support/sign-in.ts';

const newPassword = 'e2e-New-Password-2';

describe('my profile and security in the built app', () => {
  const run = useAppAndBrowser();

  it('changes the password: this session stays, the other one is signed out at once', async () => {
    const { baseUrl, adminUsername, adminPassword } = run.app;
    const here = await run.newPage(1000);
    const elsewhere = await run.newPage();
    await signInAs(here, baseUrl, adminUsername, adminPassword);
    await signInAs(elsewhere, baseUrl, adminUsername, adminPassword);

    await here.goto(`${baseUrl}/#${paths.dashboard.settings.profile}`);
    const section = here.getByRole('region', { name: arProfile.password.heading });
    const field = (name: string) => section.getByRole('textbox', { name, exact: true });
    await field(arProfile.password.current).fill(adminPassword);
    await field(arProfile.password.new).fill(newPassword);
    await field(arProfile.password.confirm).fill(newPassword);
    await section.getByRole('button', { name: arProfile.password.save }).click();
    await section.getByRole('status').filter({ hasText: arProfile.password.othersSignedOut }).waitFor();
    expect(await seriousViolations(here)).toEqual([]);
    await screenshot(here, 'profile-password-changed');

    // This session still works: a screen that calls the API opens.
    await here.goto(`${baseUrl}/#${paths.dashboard.users}`);
    await waitForRoute(here, `#${paths.dashboard.users}`);
    await here.getByRole('row').filter({ hasText: adminUsername }).first().waitFor();

    // The other one is refused on its next call and lands on sign-in; the new password opens it.
    await elsewhere.goto(`${baseUrl}/#${paths.dashboard.users}`);
    await waitForRoute(elsewhere, `#${paths.auth.login}`);
    await signInAs(elsewhere, baseUrl, adminUsername, newPassword);
    await here.close();
    await elsewhere.close();
  });
});
