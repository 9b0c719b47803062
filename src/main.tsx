import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/fonts.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createAppServices } from './app/app-services.tsx';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { startI18n } from './i18n/i18n.ts';

// Made once, outside React, so StrictMode's double render never starts a second set of actors.
const services = createAppServices();
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first render waits for the visitor's language's login page texts (a small chunk), so it
// is translated; the other language and the other pages' texts load when needed.
void startI18n().then((i18n) =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders services={services} i18n={i18n}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
