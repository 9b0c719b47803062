import { paths } from '../../app/paths.ts';

export interface NavLinkItem {
  labelKey: string;
  to: string;
  /** A link of a shared section that only guard A's visitors see (its route is guarded too). */
  adminOnly?: boolean;
}

/** A section is either one link or a group of links. */
export type NavSection = {
  labelKey: string;
  /** Shown only to visitors that guard A lets through; the routes themselves are guarded too. */
  adminOnly?: boolean;
} & ({ to: string } | { links: NavLinkItem[] });

/** The dashboard navigation, as i18n keys and paths only (spec §2 section labels). */
export const navSections: NavSection[] = [
  { labelKey: 'nav.home', to: paths.dashboard.home },
  {
    labelKey: 'nav.send',
    links: [
      { labelKey: 'nav.sendUser', to: paths.dashboard.send.user },
      { labelKey: 'nav.sendList', to: paths.dashboard.send.list },
      { labelKey: 'nav.sendGroup', to: paths.dashboard.send.group },
      { labelKey: 'nav.sendExcel', to: paths.dashboard.send.excel },
    ],
  },
  { labelKey: 'nav.recipients', to: paths.dashboard.recipients },
  { labelKey: 'nav.groups', to: paths.dashboard.groups },
  {
    labelKey: 'nav.services',
    links: [
      { labelKey: 'nav.templates', to: paths.dashboard.services.templates },
      { labelKey: 'nav.creditAlert', to: paths.dashboard.services.creditAlert },
    ],
  },
  {
    labelKey: 'nav.financial',
    links: [
      { labelKey: 'nav.statement', to: paths.dashboard.financial.statement },
      { labelKey: 'nav.recharge', to: paths.dashboard.financial.recharge },
      { labelKey: 'nav.orders', to: paths.dashboard.financial.orders },
      { labelKey: 'nav.packages', to: paths.dashboard.financial.packages, adminOnly: true },
    ],
  },
  {
    labelKey: 'nav.settings',
    links: [
      { labelKey: 'nav.profile', to: paths.dashboard.settings.profile },
      { labelKey: 'nav.security', to: paths.dashboard.settings.security },
      { labelKey: 'nav.senders', to: paths.dashboard.settings.senders, adminOnly: true },
    ],
  },
  {
    labelKey: 'nav.developer',
    links: [
      { labelKey: 'nav.apiKeys', to: paths.dashboard.settings.developer.keys },
      { labelKey: 'nav.webhooks', to: paths.dashboard.settings.developer.webhooks },
      { labelKey: 'nav.apiReference', to: paths.dashboard.settings.developer.reference },
    ],
  },
  {
    labelKey: 'nav.logs',
    links: [
      { labelKey: 'nav.emailLog', to: paths.dashboard.logs.email },
      { labelKey: 'nav.suppressions', to: paths.dashboard.logs.suppressions },
    ],
  },
  {
    labelKey: 'nav.users',
    adminOnly: true,
    links: [
      { labelKey: 'nav.userList', to: paths.dashboard.users },
      { labelKey: 'nav.balanceLog', to: paths.dashboard.usersAmount },
    ],
  },
  { labelKey: 'nav.themes', to: paths.dashboard.themes, adminOnly: true },
  { labelKey: 'nav.mailbox', to: paths.dashboard.mailbox, adminOnly: true },
  { labelKey: 'nav.contact', to: paths.dashboard.contact, adminOnly: true },
];
