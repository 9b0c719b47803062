import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths.ts';
import { MessagePage } from '../../components/message-page.tsx';

/** The spec's fixed error pages (§2, §8). They differ only in code, texts and the way out. */

export function ForbiddenScreen() {
  const { t } = useTranslation();
  return (
    <MessagePage
      code="403"
      title={t('errorPages.forbidden.title')}
      message={t('errorPages.forbidden.message')}
      action={{ label: t('common.backHome'), to: paths.dashboard.home }}
    />
  );
}

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <MessagePage
      code="404"
      title={t('errorPages.notFound.title')}
      message={t('errorPages.notFound.message')}
      action={{ label: t('common.backHome'), to: paths.root }}
    />
  );
}

/** /307: a temporary-redirect notice with the way onward. */
export function RedirectScreen() {
  const { t } = useTranslation();
  return (
    <MessagePage
      code="307"
      title={t('errorPages.redirect.title')}
      message={t('errorPages.redirect.message')}
      action={{ label: t('common.backHome'), to: paths.root }}
    />
  );
}

/** Shown by the route groups' error element when the server is at fault. */
export function ServerErrorScreen() {
  const { t } = useTranslation();
  return (
    <MessagePage
      code="500"
      title={t('errorPages.serverError.title')}
      message={t('errorPages.serverError.message')}
      action={{ label: t('common.backHome'), to: paths.root }}
    />
  );
}
