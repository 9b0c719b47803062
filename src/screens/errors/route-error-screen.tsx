import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isAppError } from '../../lib/app-error.ts';
import { MessagePage } from '../../components/message-page.tsx';
import { ServerErrorScreen } from './error-pages.tsx';

/** A failed call (our AppError) or a 5xx response: the server is at fault, not the page. */
function isServerSideError(error: unknown): boolean {
  if (isRouteErrorResponse(error)) return error.status >= 500;
  return isAppError(error) && (error.status === null || error.status >= 500);
}

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * The route groups' error element. Server failures get the server-error page; anything else
 * (a crash in a screen, a thrown 404) gets the spec's "Unexpected Application Error!" page
 * with the status or message, which is what tells a developer what broke.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isServerSideError(error)) return <ServerErrorScreen />;
  return <MessagePage title={t('errorPages.unexpected.title')} message={describe(error)} />;
}
