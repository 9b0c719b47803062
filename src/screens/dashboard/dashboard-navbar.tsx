import { AppShell, NavLink, ScrollArea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useCanEnterAdminArea } from '../../app/route-guards.tsx';
import { navSections, type NavLinkItem, type NavSection } from './nav-items.ts';

/** The id the burger's aria-controls names. */
export const NAVBAR_ID = 'app-navbar';

const allLinks: NavLinkItem[] = navSections.flatMap((section) =>
  'links' in section ? section.links : [section],
);

/** The link whose path starts the current location, so one entry is highlighted, not two. */
function activeLinkKey(pathname: string): string | undefined {
  // The most specific link wins: /dashboard/users/amount is the balance log, not the user list.
  const matching = allLinks.filter((link) => pathname === link.to || pathname.startsWith(`${link.to}/`));
  return matching.sort((a, b) => b.to.length - a.to.length)[0]?.labelKey;
}

export function DashboardNavbar({ onNavigate, hidden }: { onNavigate: () => void; hidden: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const showAdminSections = useCanEnterAdminArea();
  const active = activeLinkKey(pathname);
  const activeSection = navSections.find(
    (section) => 'links' in section && section.links.some((link) => link.labelKey === active),
  )?.labelKey;
  // Sections the user opened, plus the one holding the current page, also when the page was
  // reached by URL or a redirect rather than through this menu.
  const [openSections, setOpenSections] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (activeSection) setOpenSections((open) => new Set(open).add(activeSection));
  }, [activeSection]);
  const toggleSection = (key: string) =>
    setOpenSections((open) => {
      const next = new Set(open);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const visible = navSections.filter((section) => showAdminSections || !section.adminOnly);

  const renderLink = (link: NavLinkItem) => (
    <NavLink
      key={link.labelKey}
      component={Link}
      to={link.to}
      label={t(link.labelKey)}
      active={link.labelKey === active}
      onClick={onNavigate}
    />
  );

  const renderSection = (section: NavSection) =>
    'links' in section ? (
      // A section header is a real button (Mantine's default is an <a> without href, which Tab
      // skips), so every page can be reached from the keyboard; its state is announced.
      <NavLink
        key={section.labelKey}
        component="button"
        type="button"
        aria-expanded={openSections.has(section.labelKey)}
        label={t(section.labelKey)}
        opened={openSections.has(section.labelKey)}
        onChange={() => toggleSection(section.labelKey)}
      >
        {section.links.filter((link) => showAdminSections || !link.adminOnly).map(renderLink)}
      </NavLink>
    ) : (
      renderLink(section)
    );

  return (
    // `inert` while it is a closed drawer (small screens): its links sit off screen, and Tab
    // would walk through twenty of them before the page (issue 37, defect 6).
    <AppShell.Navbar p="xs" aria-label={t('nav.label')} id={NAVBAR_ID} inert={hidden}>
      <AppShell.Section grow component={ScrollArea}>
        {visible.map(renderSection)}
      </AppShell.Section>
    </AppShell.Navbar>
  );
}
