import { z } from 'zod';

/** The bounce reasons the classifier names (Sisimai's vocabulary; server/mail/feedback/reasons.ts). */
export const BOUNCE_REASONS = [
  'userunknown',
  'hostunknown',
  'hasmoved',
  'notaccept',
  'mailboxfull',
  'suspend',
  'filtered',
  'exceedlimit',
  'rejected',
  'blocked',
  'spamdetected',
  'authfailure',
  'policyviolation',
  'requireptr',
  'securityerror',
  'norelaying',
  'ratelimited',
  'toomanyconn',
  // Sisimai 5 names for kinds of the above (its newer releases report them on their own).
  'badreputation',
  'speeding',
  'virusdetected',
  'notcompliantrfc',
  'mailererror',
  'systemfull',
  'expired',
  'networkerror',
  'systemerror',
  'mesgtoobig',
  'contenterror',
  'syntaxerror',
  'undefined',
  'onhold',
  'feedback',
  'vacation',
  'delivered',
] as const;

export type BounceReason = (typeof BOUNCE_REASONS)[number];

export const bounceReasonSchema = z.enum(BOUNCE_REASONS);
