/**
 * An SMSC connection written as one URL (issue 33), for SMPP_URL and for the connections an
 * administrator adds: `smpp://system_id:password@host:2775?tps=50&window=10`, `smpps://` for TLS.
 * Everything a bind needs is in it, so a connection is one string to store and to test.
 */

export type SmppSettings = {
  tls: boolean;
  host: string;
  port: number;
  systemId: string;
  password: string;
  /** Some providers ask for one (up to 12 characters); empty by default. */
  systemType: string;
  /** submit_sm a second on this bind (the provider's limit per bind). */
  tps: number;
  /** Requests sent and not yet answered, at most. */
  window: number;
  /** Seconds between enquire_link keep-alives. */
  enquireLinkSeconds: number;
};

export const SMPP_DEFAULTS = {
  port: 2775,
  tlsPort: 3550,
  tps: 30,
  window: 10,
  enquireLinkSeconds: 30,
} as const;

/** Why a URL was refused: the key in src/i18n/locales/{ar,en}/sms.json and, in English, the detail. */
export class SmppUrlError extends Error {
  override name = 'SmppUrlError';
  constructor(
    readonly key: string,
    message: string,
  ) {
    super(message);
  }
}

const QUERY: Record<string, { min: number; max: number; key: keyof SmppSettings } | 'text'> = {
  tps: { min: 1, max: 10_000, key: 'tps' },
  window: { min: 1, max: 1000, key: 'window' },
  enquire_link: { min: 5, max: 3600, key: 'enquireLinkSeconds' },
  system_type: 'text',
};

function fail(key: string, message: string): never {
  throw new SmppUrlError(`sms:connections.errors.${key}`, message);
}

export function parseSmppUrl(raw: string): SmppSettings {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    fail('notUrl', 'must be an smpp:// or smpps:// URL such as smpp://system_id:password@host:2775');
  }
  if (url.protocol !== 'smpp:' && url.protocol !== 'smpps:')
    fail('scheme', 'must start with smpp:// or smpps://');
  const tls = url.protocol === 'smpps:';
  if (!url.hostname) fail('host', 'names no host');
  const systemId = decodeURIComponent(url.username);
  // SMPP 3.4 gives system_id 16 octets with its terminating NUL.
  if (systemId === '' || systemId.length > 15)
    fail('systemId', 'needs a system_id of 1 to 15 characters before the @');
  if (url.pathname !== '' && url.pathname !== '/')
    fail('path', 'has a path; an SMPP URL ends after the port');
  const settings: SmppSettings = {
    tls,
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : tls ? SMPP_DEFAULTS.tlsPort : SMPP_DEFAULTS.port,
    systemId,
    password: decodeURIComponent(url.password),
    systemType: '',
    tps: SMPP_DEFAULTS.tps,
    window: SMPP_DEFAULTS.window,
    enquireLinkSeconds: SMPP_DEFAULTS.enquireLinkSeconds,
  };
  for (const [name, value] of url.searchParams) {
    const rule = QUERY[name];
    if (rule === undefined)
      fail('query', `has an unknown setting "${name}" (known: ${Object.keys(QUERY).join(', ')})`);
    if (rule === 'text') {
      if (value.length > 12) fail('systemType', 'system_type is at most 12 characters');
      settings.systemType = value;
      continue;
    }
    const number = Number(value);
    if (!/^\d+$/.test(value) || number < rule.min || number > rule.max) {
      fail('query', `${name} must be a whole number from ${rule.min} to ${rule.max}`);
    }
    (settings[rule.key] as number) = number;
  }
  return settings;
}

/** The URL without its password: what logs and API answers may show. */
export function redactSmppUrl(raw: string): string {
  const settings = parseSmppUrl(raw);
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  const query = new URLSearchParams();
  if (settings.tps !== SMPP_DEFAULTS.tps) query.set('tps', String(settings.tps));
  if (settings.window !== SMPP_DEFAULTS.window) query.set('window', String(settings.window));
  if (settings.enquireLinkSeconds !== SMPP_DEFAULTS.enquireLinkSeconds) {
    query.set('enquire_link', String(settings.enquireLinkSeconds));
  }
  if (settings.systemType) query.set('system_type', settings.systemType);
  const search = query.size > 0 ? `?${query}` : '';
  return `${settings.tls ? 'smpps' : 'smpp'}://${encodeURIComponent(settings.systemId)}@${host}:${settings.port}${search}`;
}
