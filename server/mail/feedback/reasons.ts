/**
 * Why a message came back, in Sisimai's vocabulary (the de-facto common language of bounce
 * processing), and what a bulk sender does about each reason.
 *
 * The rule the decision follows: an address is suppressed for good only when the report says the
 * address itself is bad (it does not exist, its domain does not, it moved, it accepts no mail). A
 * complaint suppresses too. Everything else is "soft": counted on the message, never a permanent
 * suppression by itself. Among the soft reasons, the sender-side ones (`bounce_type: sender`) say
 * something about the sender's domain, IP or content, not about the recipient: they never
 * suppress and never count toward the bounce-rate pause. Only the mailbox-state reasons may
 * suppress an address after three soft bounces in a row.
 */
// The list lives in the contract: the browser shows and the API validates the same names.
import { BOUNCE_REASONS, type BounceReason } from '../../../contract/bounce-reasons.contract.ts';

export { BOUNCE_REASONS, type BounceReason };

/** hard: the address is bad; sender: the sender's side failed; soft: anything else. */
export type BounceType = 'hard' | 'soft' | 'sender';

/** What a bulk sender does with a report (the `expected` of the test corpus). */
export type BounceDecision = 'hard' | 'soft' | 'complaint' | 'ignore';

const ADDRESS_FAULTS = new Set<BounceReason>(['userunknown', 'hostunknown', 'hasmoved', 'notaccept']);

const SENDER_SIDE = new Set<BounceReason>([
  'authfailure',
  'blocked',
  'spamdetected',
  'policyviolation',
  'requireptr',
  'securityerror',
  'norelaying',
  'ratelimited',
  'toomanyconn',
  'badreputation',
  'speeding',
]);

/** The soft reasons about the mailbox's own state, which may suppress after three in a row. */
const MAILBOX_STATE = new Set<BounceReason>(['mailboxfull', 'suspend', 'filtered', 'exceedlimit']);

export function isBounceReason(value: string): value is BounceReason {
  return (BOUNCE_REASONS as readonly string[]).includes(value);
}

export type ReasonDecision = {
  decision: BounceDecision;
  /** null for complaints and ignored reports. */
  bounceType: BounceType | null;
  /** Whether three soft bounces in a row with this reason suppress the address. */
  countsInARow: boolean;
};

/**
 * The decision for a reason. `temporary` (a 4.x.x status) makes even an address fault soft: a
 * "mailbox unavailable, try later" is no proof the address is gone.
 */
export function decideReason(reason: BounceReason, temporary = false): ReasonDecision {
  if (reason === 'feedback') return { decision: 'complaint', bounceType: null, countsInARow: false };
  if (reason === 'vacation' || reason === 'delivered')
    return { decision: 'ignore', bounceType: null, countsInARow: false };
  if (ADDRESS_FAULTS.has(reason) && !temporary)
    return { decision: 'hard', bounceType: 'hard', countsInARow: false };
  if (SENDER_SIDE.has(reason)) return { decision: 'soft', bounceType: 'sender', countsInARow: false };
  return { decision: 'soft', bounceType: 'soft', countsInARow: MAILBOX_STATE.has(reason) };
}
