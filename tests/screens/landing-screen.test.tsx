import { screen, within } from '@testing-library/react';
import { contactEndpoints } from '../../contract/contact.contract.ts';
import { paths } from '../../src/app/paths.ts';
import arCommon from '../../src/i18n/locales/ar/common.json';
import enCommon from '../../src/i18n/locales/en/common.json';
import arPublic from '../../src/i18n/locales/ar/public.json';
import enPublic from '../../src/i18n/locales/en/public.json';
import { renderApp } from '../setup/render.tsx';
import { routeOf } from '../support/fake-server.ts';

const texts = { ar: { common: arCommon, page: arPublic }, en: { common: enCommon, page: enPublic } } as const;
const contact = {
  full_name: 'Sara Ahmed',
  company: 'Acme',
  email: 'sara@example.com',
  phone: '+20 100 123 4567',
  message: 'Prices please',
};

describe.each(['ar', 'en'] as const)('landing page (%s)', (language) => {
  const { common, page } = texts[language];

  it('presents every section with its heading, a section menu and a sign-in button', async () => {
    renderApp({ language, route: paths.landing });
    expect(await screen.findByRole('heading', { level: 1, name: page.home.heading })).toBeInTheDocument();
    for (const section of ['about', 'services', 'resellers', 'contact'] as const) {
      expect(screen.getByRole('heading', { level: 2, name: page[section].heading })).toBeInTheDocument();
    }
    const menu = screen.getByRole('navigation', { name: page.nav.label });
    for (const section of ['home', 'about', 'services', 'resellers', 'contact'] as const) {
      expect(within(menu).getByRole('link', { name: page.nav[section] })).toHaveAttribute(
        'href',
        `/landing/${section}`,
      );
    }
    expect(screen.getAllByRole('link', { name: page.nav.signIn })[0]).toHaveAttribute(
      'href',
      paths.auth.login,
    );
  });

  it('asks for every field before sending the contact form', async () => {
    const { user, server } = renderApp({ language, route: paths.landingSection('contact') });
    await user.click(await screen.findByRole('button', { name: page.contact.send }));
    expect(await screen.findByRole('alert')).toHaveTextContent(common.contactForm.fillAllFields);
    expect(server.seen(routeOf(contactEndpoints.send))).toHaveLength(0);
  });

  it('sends the message, clears the fields and says so', async () => {
    const { user, server } = renderApp({
      language,
      route: paths.landingSection('contact'),
      routes: { [routeOf(contactEndpoints.send)]: () => ({ status: 201, data: { id: 'm1' } }) },
    });
    const form = await screen.findByRole('form', { name: page.contact.heading });
    for (const [field, label] of [
      ['full_name', page.contact.fullName],
      ['company', page.contact.company],
      ['email', page.contact.email],
      ['phone', page.contact.phone],
      ['message', page.contact.message],
    ] as const) {
      await user.type(within(form).getByLabelText(new RegExp(`^${label}`)), contact[field]);
    }
    await user.click(within(form).getByRole('button', { name: page.contact.send }));
    expect(await screen.findByText(common.contactForm.sent)).toBeInTheDocument();
    expect(server.seen(routeOf(contactEndpoints.send))[0]?.body).toEqual({ ...contact, language });
    expect(within(form).getByLabelText(new RegExp(`^${page.contact.fullName}`))).toHaveValue('');
  });

  it('says "Failed to send the message!" and keeps what was typed when sending fails', async () => {
    const { user } = renderApp({
      language,
      route: paths.landingSection('contact'),
      routes: {
        [routeOf(contactEndpoints.send)]: () => ({
          status: 500,
          data: { statusCode: 500, code: 'errors.unexpected', message: 'x' },
        }),
      },
    });
    const form = await screen.findByRole('form', { name: page.contact.heading });
    for (const label of [
      page.contact.fullName,
      page.contact.company,
      page.contact.email,
      page.contact.phone,
      page.contact.message,
    ]) {
      await user.type(within(form).getByLabelText(new RegExp(`^${label}`)), 'x@example.com');
    }
    await user.click(within(form).getByRole('button', { name: page.contact.send }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(common.contactForm.failed);
    expect(within(form).getByLabelText(new RegExp(`^${page.contact.company}`))).toHaveValue('x@example.com');
  });
});
