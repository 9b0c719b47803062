import { MantineThemeProvider, type MantineThemeOverride } from '@mantine/core';
import {
  Notifications,
  notifications,
  notificationsStore,
  type NotificationData,
} from '@mantine/notifications';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notice } from '../machines/notify.ts';
import classes from './notifications-container.module.css';

// Mantine's notifications (store, container, transitions, portal) in one lazy chunk, loaded by
// lazy-notifications.tsx on the first toast or at sign-in, never by the login page itself.

/** Spec §9: every toast at top-center for 5000 ms. */
export default function NotificationsContainer() {
  const { t } = useTranslation();
  // A toast's close button is an icon: without a name, screen readers announce a bare "button"
  // (axe button-name). Toasts are shown from outside React, so the name comes in here, translated.
  const theme = useMemo<MantineThemeOverride>(
    () => ({
      components: {
        Notification: { defaultProps: { closeButtonProps: { 'aria-label': t('common.closeNotice') } } },
      },
    }),
    [t],
  );
  // A dialog opening (or closing) moves the toasts already shown to where they leave it clear.
  useEffect(() => {
    let where = toastPosition();
    const observer = new MutationObserver(() => {
      const now = toastPosition();
      if (now === where) return;
      where = now;
      notifications.updateState(notificationsStore, (shown) =>
        shown.map((notice) => ({ ...notice, position: now })),
      );
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return (
    <MantineThemeProvider theme={theme}>
      <Notifications position="top-center" autoClose={5000} classNames={{ root: classes.root }} />
    </MantineThemeProvider>
  );
}

/**
 * The toast text is translated where it renders, inside the app's I18nextProvider, so it
 * follows the language the user chose (the app's i18n instance is not i18next's default one).
 */
function NoticeText({ i18nKey }: { i18nKey: string }) {
  const { t } = useTranslation();
  return <>{t(i18nKey)}</>;
}

/**
 * Top-centre (spec §9), except while a modal dialog is open: its title and first fields sit at
 * the top, so toasts go to the bottom-centre until it closes (issue 22).
 */
export function toastPosition(): NonNullable<NotificationData['position']> {
  return document.querySelector('[role="dialog"][aria-modal="true"]') ? 'bottom-center' : 'top-center';
}

export function showToast({ kind, key }: Notice): void {
  notifications.show({
    message: <NoticeText i18nKey={key} />,
    color: kind === 'error' ? 'red' : 'green',
    position: toastPosition(),
    autoClose: 5000,
  });
}
