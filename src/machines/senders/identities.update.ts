import type { SenderDomain, SenderIdentities } from '../../../contract/senders.contract.ts';

/** The three kinds of identity an administrator sets for a user (spec §1, §3 User). */
export type IdentityKind = 'domain' | 'email' | 'name';

/** What a saved add form hands the identities machine. */
export type AddedIdentity =
  | { kind: 'domain'; item: SenderDomain }
  | { kind: 'email'; item: SenderIdentities['emails'][number] }
  | { kind: 'name'; item: SenderIdentities['names'][number] };

export function withAdded(identities: SenderIdentities, added: AddedIdentity): SenderIdentities {
  switch (added.kind) {
    case 'domain':
      return { ...identities, domains: [...identities.domains, added.item] };
    case 'email':
      return { ...identities, emails: [...identities.emails, added.item] };
    case 'name':
      return { ...identities, names: [...identities.names, added.item] };
  }
}

/** A domain as its last check left it (records found or not, verified or not). */
export function withDomain(identities: SenderIdentities, domain: SenderDomain): SenderIdentities {
  return { ...identities, domains: identities.domains.map((row) => (row.id === domain.id ? domain : row)) };
}

/** Removing a domain takes its addresses with it, as the server does. */
export function withoutItem(
  identities: SenderIdentities,
  item: { kind: IdentityKind; id: string },
): SenderIdentities {
  switch (item.kind) {
    case 'domain':
      return {
        ...identities,
        domains: identities.domains.filter((row) => row.id !== item.id),
        emails: identities.emails.filter((row) => row.domain_id !== item.id),
      };
    case 'email':
      return { ...identities, emails: identities.emails.filter((row) => row.id !== item.id) };
    case 'name':
      return { ...identities, names: identities.names.filter((row) => row.id !== item.id) };
  }
}
