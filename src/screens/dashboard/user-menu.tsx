import { Button, Menu } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { waitFor } from 'xstate';
import { useAppServices } from '../../app/app-services.tsx';
import { selectUser } from '../../machines/auth.machine.ts';
import { paths } from '../../app/paths.ts';

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { auth } = useAppServices();
  const user = useSelector(auth, selectUser);

  const logout = async () => {
    auth.send({ type: 'auth.logout' });
    // Route only once the machine has cleared the session; earlier, guard C would still see
    // the old cookie and send the visitor straight back to the dashboard.
    await waitFor(auth, (snapshot) => !snapshot.matches('signingOut'));
    navigate(paths.auth.login, { replace: true });
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="white" size="sm">
          {user?.username ?? t('header.userMenu')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {user ? (
          <Menu.Label>
            {user.username} · {t(`roles.${user.role}`)}
          </Menu.Label>
        ) : null}
        <Menu.Item component={Link} to={paths.dashboard.settings.profile}>
          {t('header.profile')}
        </Menu.Item>
        <Menu.Item color="red" onClick={() => void logout()}>
          {t('header.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
