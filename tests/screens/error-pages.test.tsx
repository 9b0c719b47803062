import { screen } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../src/app/paths.ts';
import { RouteErrorScreen } from '../../src/screens/errors/route-error-screen.tsx';
import { renderApp, renderRoutes } from '../setup/render.tsx';

const languages = ['ar', 'en'] as const;

function CrashingScreen(): never {
  throw new Error('Kaboom in a screen');
}

const crashRoutes = [
  {
    path: paths.root,
    element: <Outlet />,
    errorElement: <RouteErrorScreen />,
    // The loader routes below make react-router ask for a first-load fallback.
    HydrateFallback: () => null,
    children: [
      { path: 'crash', element: <CrashingScreen /> },
      {
        path: 'down',
        loader: () => {
          throw new Response(null, { status: 503, statusText: 'Service Unavailable' });
        },
        element: null,
      },
      {
        path: 'missing',
        loader: () => {
          throw new Response(null, { status: 404, statusText: 'Not Found' });
        },
        element: null,
      },
    ],
  },
];

describe.each(languages)('error pages (%s)', (language) => {
  // React reports a caught render error on the console; the page is what this test reads.
  beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it('shows the not-found page for an unknown route', async () => {
    const { i18n } = renderApp({ language, route: '/no/such/page' });

    expect(
      await screen.findByRole('heading', { name: i18n.t('errorPages.notFound.title') }),
    ).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
  });

  it('shows the redirect page at /307', async () => {
    const { i18n } = renderApp({ language, route: paths.redirect307 });

    expect(
      await screen.findByRole('heading', { name: i18n.t('errorPages.redirect.title') }),
    ).toBeInTheDocument();
  });

  it.each(['success', 'failed'] as const)('shows the payment %s page', async (outcome) => {
    const { i18n } = renderApp({ language, route: paths.payment[outcome] });

    expect(
      await screen.findByRole('heading', { name: i18n.t(`payment.${outcome}.title`) }),
    ).toBeInTheDocument();
  });

  it('shows "Unexpected Application Error!" with the message when a screen crashes', async () => {
    const { i18n } = renderRoutes(crashRoutes, { language, route: '/crash' });

    expect(
      await screen.findByRole('heading', { name: i18n.t('errorPages.unexpected.title') }),
    ).toBeInTheDocument();
    expect(screen.getByText('Kaboom in a screen')).toBeInTheDocument();
  });

  it('shows the status of a route error response that is not a server failure', async () => {
    const { i18n } = renderRoutes(crashRoutes, { language, route: '/missing' });

    expect(
      await screen.findByRole('heading', { name: i18n.t('errorPages.unexpected.title') }),
    ).toBeInTheDocument();
    expect(screen.getByText('404 Not Found')).toBeInTheDocument();
  });

  it('shows the server-error page when a route fails on the server side', async () => {
    const { i18n } = renderRoutes(crashRoutes, { language, route: '/down' });

    expect(
      await screen.findByRole('heading', { name: i18n.t('errorPages.serverError.title') }),
    ).toBeInTheDocument();
  });
});

describe('unexpected error page', () => {
  it('is headed in English exactly as the spec says', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes(crashRoutes, { language: 'en', route: '/crash' });

    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
