import type { BounceReason } from './reasons.ts';

/**
 * The bounce classifier's rule table, read top to bottom: the first rule that matches names the
 * reason. Extend it by adding a row; `tests/server/bounce-corpus.test.ts` replays every real
 * report of `tests/fixtures/bounces/` and prints what changed per mail system.
 *
 * A rule has:
 * - `pattern`: a case-insensitive expression over the diagnostic text (the DSN's Diagnostic-Code,
 *   else the human-readable part of the report, with the returned original cut off);
 * - `mta` (optional): the reporting system's family (see `detectMta` in bounce-mta.ts), when the
 *   wording means something only from that system;
 * - `reason`: Sisimai's name for what happened.
 *
 * Sender-side rules come first: a DMARC rejection often also says "rejected" or "user", and the
 * address is not at fault for it. Status-code rules (below) are used only when no text rule
 * matched, because receivers put 5.7.1 or 5.1.1 on very different failures.
 */
export type TextRule = { mta?: string; pattern: RegExp; reason: BounceReason };

export const TEXT_RULES: TextRule[] = [
  // AOL's relay says "name service error" of a domain that publishes no usable MX.
  { mta: 'aol', pattern: /name service error for name=\S+ type=mx/i, reason: 'notaccept' },
  // ---- authentication of the sender's domain (SPF, DKIM, DMARC)
  {
    pattern: /dmarc|5\.7\.26|5\.7\.509|\bspf\b.*(fail|record)|bad spf records|dkim.*(fail|invalid)/i,
    reason: 'authfailure',
  },
  {
    pattern:
      /does not have authentication information|sender is unauthenticated|fails? to pass authentication checks/i,
    reason: 'authfailure',
  },
  {
    pattern: /not accepted due to domain's dmarc|multiple authentication checks failed/i,
    reason: 'authfailure',
  },
  { pattern: /5\.7\.23|spf check|sender policy framework/i, reason: 'authfailure' },

  // ---- the sending host's reverse DNS
  {
    pattern:
      /reverse dns|\bno ptr\b|ptr record|requires? (rdns|reverse)|cannot find your hostname|mismatches client ip|rdns|5\.7\.25|not resolve your (ip|hostname)|no reverse|hostname .{0,40}does not resolve/i,
    reason: 'requireptr',
  },
  { pattern: /connections? not accepted from servers without a valid sender domain/i, reason: 'requireptr' },
  { pattern: /comcast requires that all mail servers must have a ptr/i, reason: 'requireptr' },
  {
    pattern: /server access .{0,80}forbidden by invalid rdns|cannot resolve your address/i,
    reason: 'requireptr',
  },

  // ---- reputation and rate (sender side)
  {
    pattern: /very low reputation|low reputation of the sending|ip reputation|bad reputation/i,
    reason: 'badreputation',
  },
  { pattern: /unexpected volume or user complaints/i, reason: 'rejected' },
  { pattern: /receiving mail at a rate that prevents additional messages/i, reason: 'speeding' },
  {
    pattern:
      /rate limit|too many (messages|connections from|sessions)|too much mail|throttl|try again (later|slower).*rate/i,
    reason: 'ratelimited',
  },
  { pattern: /too many connections|connection limit|too many concurrent/i, reason: 'toomanyconn' },
  {
    pattern: /too many recipients|recipient limit|exceeded the maximum number of recipients/i,
    reason: 'toomanyconn',
  },

  // ---- Exchange Online's directory-based edge blocking (and Postfix's "access denied" in its
  // recipient table): the address is not in the directory
  { pattern: /recipient address rejected: access denied/i, reason: 'userunknown' },
  // ---- cPanel/Exim's "the account or domain may not exist" (it adds "may be blacklisted")
  { pattern: /the account or domain may not exist/i, reason: 'hostunknown' },
  // ---- a local delivery agent failed (before "no such user", which procmail also says)
  {
    pattern: /pipe to \||procmail|mailer error|unknown mailer|operating system error|child status/i,
    reason: 'mailererror',
  },

  // ---- the sending IP is listed or refused
  {
    pattern:
      /spamhaus|spamcop|sorbs|barracudacentral|\bdnsbl\b|\brbl\b|blacklist(ed)?\b.*\b(ip|host|recipient)|\b(ip|host) .{0,30}(black|block)listed|banned sending ip|blocked using|\bis listed (at|in|on) |dnsbl-lookup|\(bl\)|refused to talk to me|open relay|messages from \S+ weren't sent|invalid ip for sending|may not be mail exchanger|client host .{0,60}blocked|your (ip|host) .{0,40}(blocked|rejected)|access denied, banned|blocked by ldap|service refuse|rejected due to ip|poor reputation/i,
    reason: 'blocked',
  },
  { pattern: /connection refused by|blocked - see|my name was rejected/i, reason: 'blocked' },
  { pattern: /^421\b.*not available, closing/i, reason: 'blocked' },

  // ---- relaying and unauthenticated submission
  {
    pattern:
      /relay(ing)? (access )?(denied|not permitted|prohibited)|insecure mail relay|not permitted to relay|relay not allowed|unable to relay|email address is not verified/i,
    reason: 'norelaying',
  },
  {
    pattern:
      /unauthenticated senders not allowed|authentication required|auth(entication)? is required|must (be )?authenticat/i,
    reason: 'securityerror',
  },
  { pattern: /5\.7\.6\b|tls required|requires? (a )?secure connection|starttls/i, reason: 'securityerror' },

  // ---- content
  { pattern: /virus|malware|infected|mcspamsignature|security policies/i, reason: 'virusdetected' },
  { pattern: /\bube\b/i, reason: 'spamdetected' },
  {
    pattern:
      /improper use of 8-bit|headers too large|message content rejected|content (error|rejected)|illegal character/i,
    reason: 'contenterror',
  },
  {
    pattern:
      /not rfc ?5322 compliant|multiple addresses in from: header|rfc ?5322|rfc ?2822 compliant|duplicate (header|subject)/i,
    reason: 'notcompliantrfc',
  },
  {
    pattern:
      /\bspam\b|\bube\b|unsolicited|junk mail|content (was )?rejected|classified as bulk|spam classification|message filtered|looks like spam|scored as spam/i,
    reason: 'spamdetected',
  },
  {
    pattern:
      /policy reasons|policy violation|denied by policy|protocol violation|rejected for policy|local policy|against .{0,20}policy|lpn000/i,
    reason: 'policyviolation',
  },
  {
    pattern:
      /message (size|too (large|big))|too large|exceeds? (the )?(maximum|size)|size limit|mail size|line limit exceeded|message length exceeds/i,
    reason: 'mesgtoobig',
  },

  // ---- the recipient's mailbox is in a state (soft)
  {
    pattern:
      /mailbox (is )?full|mailbox full|over quota|quota exceeded|exceeded (the )?(storage|quota)|insufficient (system )?storage|mailfolder is full|out of storage|inbox is full|storage quota|exceeded the local limit|disk quota|user.s mailbox is full|mailbox size limit|not enough storage|full mailbox/i,
    reason: 'mailboxfull',
  },
  { pattern: /insufficient disk space|system (storage|disk) (is )?full|out of disk/i, reason: 'systemfull' },
  {
    pattern:
      /account (is )?(disabled|locked|inactive|suspended|blocked|has been disabled)|temporary locked|disabled (recipient|user|mailbox)|recipient account is blocked|compte du destinataire est bloque|account (that you tried to reach )?is (disabled|inactive)|mailbox (is )?(disabled|inactive|suspended|frozen)|user (is )?(suspended|inactive|disabled)|suspended (account|user)/i,
    reason: 'suspend',
  },
  { pattern: /mailbox is on hold|\bon hold\b/i, reason: 'onhold' },

  // ---- Google Groups: the group does not exist or does not take this sender's posts
  { mta: 'googlegroups', pattern: /./, reason: 'rejected' },

  // ---- the sender's address is refused
  {
    pattern:
      /sender (address )?(rejected|refused|denied|verify failed|invalid|unknown)|domain of sender address .{0,80}does not exist|unroutable sender|sender domain .{0,40}(not exist|invalid|unknown)|can't determine purported responsible address|no such domain.{0,40}sender|not a registered gateway user|sending to\/from an address that has been blacklisted|access denied|mail from .{0,80} rejected|from: domain/i,
    reason: 'rejected',
  },

  // ---- the recipient's domain
  {
    pattern:
      /host or domain name not found|domain (name )?not found|no such domain|domain does not exist|host unknown|illegal host\/domain|unrouteable (address|mail domain)|bad destination (mailbox )?address|domain is not reachable|invalid domain|unknown domain|domain (name )?(is )?(invalid|unknown)|mail domain .{0,20}(not exist|unknown)|nxdomain.{0,40}not found/i,
    reason: 'hostunknown',
  },
  {
    pattern:
      /no mx (record )?found|doesn't receive email|does not accept mail|couldn't find a mail exchanger|null mx|no smtp service|mx .{0,20}indicated no smtp|5\.7\.27|5\.1\.10.*null mx/i,
    reason: 'notaccept',
  },
  {
    pattern:
      /name service error|dns error|malformed or unexpected name server reply|host not found, try again/i,
    reason: 'networkerror',
  },
  { pattern: /routing loop|too many hops|hop count|mail loop|loops back to myself/i, reason: 'networkerror' },
  {
    pattern: /network error|network is unreachable|no route to host|refused to accept your message/i,
    reason: 'networkerror',
  },

  // ---- the recipient moved
  {
    pattern:
      /no longer on server|no longer (valid|available|in use|active)|has moved|not our (user|customer)|address changed|moved to/i,
    reason: 'hasmoved',
  },

  // ---- KDDI (au, ezweb) answers "550 : User unknown" for its own recipient filter; Amazon SES
  // receiving answers "Mailbox does not exist" for the recipient's rules.
  { pattern: /\b550 ?: ?:? user unknown/i, reason: 'filtered' },
  { mta: 'amazonses', pattern: /mailbox does not exist/i, reason: 'filtered' },
  // Exchange 2003's Internet Mail Connector (IMC) refusals come from its filters.
  { pattern: /MSEXCH:IMC/, reason: 'filtered' },
  // Content filters and gateways (SurfControl, Zoho, WorkMail, Messaging Server, OpenMail, James)
  // say "user unknown" for what their own rules refused: no proof the address is bad.
  { mta: 'messagingserver', pattern: /5\.2\.1.{0,80}user unknown/i, reason: 'filtered' },
  ...['surfcontrol', 'zoho', 'workmail', 'openmail', 'javamail'].map((mta) => ({
    mta,
    pattern: /^(?![\s\S]*5\.1\.1)[\s\S]*(user unknown|no such user|mailbox unavailable)/i,
    reason: 'filtered' as const,
  })),
  {
    pattern:
      /refused due to recipient preferences|only accepting mail from specific|user refuses to receive|is not accepting (any )?mail/i,
    reason: 'filtered',
  },

  // ---- the recipient does not exist
  {
    pattern:
      /user(name)? (is )?unknown|unknown (user|recipient|address|local[- ]part|mailbox)|no such (user|mailbox|recipient|account|address)|(user|mailbox|recipient|address|account) (does not|doesn't|did not) exist|(user|recipient|mailbox) not (found|exist|listed|known)|not listed in (public name|domino)|not found in (the )?directory|invalid (recipient|mailbox|address|user|final delivery)|recip(ient)?notfound|address (not found|couldn't be found)|addresse?s? (destinataire|d au moins un destinataire) invalide|no mailbox here|mailbox (unavailable|not available|does not exist)|does not have a \S+ account|doesn't have a \S+ account|ディレクトリ|見つかりません|user not exist|rejected recipient|is not a valid|unknown address|no account|bad recipient|undeliverable address|not a known user|account does not exist|mailbox not found|recipient not found|user not found|\brcp-p1\b|answer=6596|\brejected\b\s*$/i,
    reason: 'userunknown',
  },

  // ---- the message expired in a queue
  {
    pattern:
      /expired|retry timeout exceeded|has been delayed|delivery .{0,20}delayed|in the queue too long|could not be delivered for|too long|not delivered within|could not deliver for the last|delivery failed \d+ attempts|connection timed out|timed out|host not reachable|could not find a gateway|unable to deliver (this message )?after|did not accept our requests to connect|will be retried|delivery time expired/i,
    reason: 'expired',
  },

  // ---- the receiving system failed (before the last-resort "address rejected")
  { pattern: /local delivery failed/i, reason: 'mailererror' },
  {
    pattern:
      /internal (system )?error|system error|service (currently )?unavailable|could not load drd|duplicated message-id|temporary (local )?problem|server error|try again later|temporarily unavailable/i,
    reason: 'systemerror',
  },
  { pattern: /recipient (address )?rejected|address rejected/i, reason: 'userunknown' },
  {
    pattern:
      /command (parameter )?not implemented|improper sequence|syntax error|command unrecognized|bad sequence/i,
    reason: 'syntaxerror',
  },
];

/**
 * Enhanced status codes (RFC 3463) as Sisimai reads them, when no text rule decides. The full
 * code first, then `class.subject` alone.
 */
export const STATUS_RULES: Record<string, BounceReason> = {
  '1.1': 'userunknown',
  '1.0': 'userunknown',
  '1.2': 'hostunknown',
  '1.3': 'userunknown',
  '1.4': 'userunknown',
  '1.5': 'undefined',
  '1.6': 'hasmoved',
  '1.7': 'rejected',
  '1.8': 'rejected',
  '1.9': 'rejected',
  '1.10': 'notaccept',
  '2.0': 'suspend',
  '2.1': 'suspend',
  '2.2': 'mailboxfull',
  '2.3': 'exceedlimit',
  '2.4': 'systemerror',
  '3.0': 'systemerror',
  '3.1': 'systemfull',
  '3.2': 'systemerror',
  '3.3': 'systemerror',
  '3.4': 'mesgtoobig',
  '3.5': 'systemerror',
  '4.0': 'networkerror',
  '4.1': 'expired',
  '4.2': 'expired',
  '4.3': 'systemerror',
  '4.4': 'hostunknown',
  '4.5': 'networkerror',
  '4.6': 'networkerror',
  '4.7': 'expired',
  '5.0': 'syntaxerror',
  '5.1': 'syntaxerror',
  '5.2': 'syntaxerror',
  '5.3': 'toomanyconn',
  '5.4': 'syntaxerror',
  '5.5': 'syntaxerror',
  '6.0': 'contenterror',
  '6.1': 'contenterror',
  '6.2': 'contenterror',
  '6.3': 'contenterror',
  '6.4': 'contenterror',
  '6.5': 'contenterror',
  '7.0': 'securityerror',
  '7.1': 'rejected',
  '7.2': 'securityerror',
  '7.3': 'securityerror',
  '7.4': 'securityerror',
  '7.5': 'securityerror',
  '7.6': 'securityerror',
  '7.7': 'securityerror',
  '7.8': 'securityerror',
  '7.9': 'policyviolation',
  '7.13': 'suspend',
  '7.14': 'securityerror',
  '7.15': 'securityerror',
  '7.16': 'securityerror',
  '7.17': 'securityerror',
  '7.20': 'authfailure',
  '7.21': 'authfailure',
  '7.22': 'authfailure',
  '7.23': 'authfailure',
  '7.24': 'authfailure',
  '7.25': 'requireptr',
  '7.26': 'authfailure',
  '7.27': 'notaccept',
};
