import { useTranslation } from 'react-i18next';
import classes from './skip-link.module.css';

/** The id of the dashboard's <main>, where the skip link moves the focus. */
export const MAIN_ID = 'main-content';

/**
 * The first Tab stop of every dashboard page, at every width: straight to the content instead of
 * through the header and the navigation (issue 37, defect 6). Hidden until focused. The router
 * owns the URL's #, so the link moves the focus itself rather than jumping to a fragment.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      className={classes.skip}
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
    >
      {t('common.skipToContent')}
    </a>
  );
}
