import { Resolver } from 'node:dns/promises';
import { DMARC_RECORD, dkimRecordName, dmarcRecordName, tagsOf } from './dkim.ts';

/** Answers a name's TXT records, each joined from its 255-byte chunks; [] when there are none. */
export type TxtLookup = (name: string) => Promise<string[]>;

const NOT_FOUND = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'ESERVFAIL', 'ETIMEOUT', 'ECONNREFUSED']);

/** The system's resolver, or the servers given (DNS_SERVERS; tests point it at a local server). */
export function createTxtLookup(servers: readonly string[] = []): TxtLookup {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  return async (name) => {
    try {
      return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
    } catch (error) {
      // A missing record is an answer, not a failure; the check reports it as not found.
      if (error instanceof Error && 'code' in error && NOT_FOUND.has(String(error.code))) return [];
      throw error;
    }
  };
}

export type DomainCheck = { dkim: boolean; spf: boolean; dmarc: boolean };

/** SPF mechanisms the published record must contain (`include:`, `ip4:`, `a`, `mx`...), not the qualifier. */
function requiredSpfTerms(expected: string): string[] {
  return expected
    .split(/\s+/)
    .filter((term) => term && term.toLowerCase() !== 'v=spf1' && !/^[-~?+]?all$/i.test(term))
    .map((term) => term.toLowerCase());
}

export async function checkDomainRecords(
  lookup: TxtLookup,
  domain: { domain: string; dkim_selector: string; dkim_public_key: string },
  spfRecord: string,
): Promise<DomainCheck> {
  const [dkimTxt, rootTxt, dmarcTxt] = await Promise.all([
    lookup(dkimRecordName(domain.dkim_selector, domain.domain)),
    lookup(domain.domain),
    lookup(dmarcRecordName(domain.domain)),
  ]);
  const dkim = dkimTxt.some((record) => tagsOf(record).get('p') === domain.dkim_public_key);
  const spfTerms = requiredSpfTerms(spfRecord);
  const spf = rootTxt.some((record) => {
    const terms = record.toLowerCase().split(/\s+/);
    return terms[0] === 'v=spf1' && spfTerms.every((term) => terms.includes(term));
  });
  const dmarc = dmarcTxt.some((record) => tagsOf(record).get('v')?.toUpperCase() === 'DMARC1');
  return { dkim, spf, dmarc };
}

export { DMARC_RECORD };
