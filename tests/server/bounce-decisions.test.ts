import { describe, expect, it } from 'vitest';
import { classifyBounce } from '../../server/mail/feedback/classify.ts';
import { bounceOfEvent } from '../../server/mail/feedback/feedback.service.ts';
import { sesEvents } from '../../server/mail/feedback/providers.ts';
import { BOUNCE_REASONS, decideReason } from '../../server/mail/feedback/reasons.ts';

const read = (diagnostic: string, status: string | null = null, mta = '') =>
  classifyBounce({ mta, status, replyCode: null, diagnostic, action: 'failed' });

describe('bounce reasons and decisions', () => {
  it('suppresses only for address faults, complains for feedback and ignores auto-replies', () => {
    const byType = Object.fromEntries(BOUNCE_REASONS.map((reason) => [reason, decideReason(reason)]));
    const hard = BOUNCE_REASONS.filter((reason) => byType[reason]!.decision === 'hard');
    expect(hard).toEqual(['userunknown', 'hostunknown', 'hasmoved', 'notaccept']);
    expect(BOUNCE_REASONS.filter((reason) => byType[reason]!.bounceType === 'sender')).toEqual([
      'blocked',
      'spamdetected',
      'authfailure',
      'policyviolation',
      'requireptr',
      'securityerror',
      'norelaying',
      'ratelimited',
      'toomanyconn',
      'badreputation',
      'speeding',
    ]);
    expect(BOUNCE_REASONS.filter((reason) => byType[reason]!.countsInARow)).toEqual([
      'mailboxfull',
      'suspend',
      'filtered',
      'exceedlimit',
    ]);
    expect(decideReason('feedback').decision).toBe('complaint');
    expect(decideReason('vacation').decision).toBe('ignore');
    // "Mailbox unavailable, try later" proves nothing about the address.
    expect(decideReason('userunknown', true)).toMatchObject({ decision: 'soft', bounceType: 'soft' });
  });

  it('reads the sender-side failures the issue lists from their words', () => {
    expect(
      read(
        "550-5.7.26 Unauthenticated email from example.test is not accepted due to domain's DMARC policy",
        '5.7.26',
      ),
    ).toBe('authfailure');
    expect(
      read(
        '550 5.7.509 Access denied, sending domain [EXAMPLE.TEST] does not pass DMARC verification',
        '5.7.509',
      ),
    ).toBe('authfailure');
    expect(
      read('554 5.7.1 Service unavailable; Client host [192.0.2.1] blocked using zen.spamhaus.org', '5.7.1'),
    ).toBe('blocked');
    expect(read('550 5.7.1 Message content rejected, UBE, id=00000-22-225', '5.7.1')).toBe('spamdetected');
    expect(
      read('550 5.7.25 The IP address sending this message does not have a PTR record setup', '5.7.25'),
    ).toBe('requireptr');
    expect(read('552 Too many recipients')).toBe('toomanyconn');
    expect(read('554 5.4.6 Too many hops', '5.4.6')).toBe('networkerror');
    expect(read('554 4.4.7 Message expired: unable to deliver in 840 minutes.', '4.4.7')).toBe('expired');
  });

  it('reads address faults and mailbox states, by words first and by status code otherwise', () => {
    expect(read('550 5.1.1 <a@example.test>... User Unknown', '5.1.1')).toBe('userunknown');
    expect(read('Sorry, no mailbox here by that name. (#5.1.1)')).toBe('userunknown');
    expect(read('550 5.1.6 recipient no longer on server: a@example.test', '5.1.6')).toBe('hasmoved');
    expect(
      read('Host or domain name not found. Name service error for name=example.test type=A: Host not found'),
    ).toBe('hostunknown');
    expect(read('552 5.2.2 Mailbox full', '5.2.2')).toBe('mailboxfull');
    expect(read('The email account that you tried to reach is disabled.', '5.2.1')).toBe('suspend');
    expect(read('', '5.2.2')).toBe('mailboxfull');
    expect(read('', '5.1.1')).toBe('userunknown');
    // A bare "user unknown" after the message itself (end of DATA) is the receiver's filter.
    expect(read('550 Unknown user a@example.test (in reply to end of DATA command)')).toBe('filtered');
  });

  it('a webhook bounce the provider calls permanent is hard only when its reason is an address fault', () => {
    expect(
      bounceOfEvent({ kind: 'hard_bounce', status: '5.7.26', diagnostic: 'DMARC policy' }),
    ).toMatchObject({
      reason: 'authfailure',
      type: 'sender',
    });
    expect(
      bounceOfEvent({ kind: 'hard_bounce', status: '5.1.1', diagnostic: 'smtp; 550 5.1.1 user unknown' }),
    ).toMatchObject({
      reason: 'userunknown',
      type: 'hard',
    });
    expect(bounceOfEvent({ kind: 'soft_bounce', status: '4.2.2', diagnostic: 'mailbox full' })).toEqual({
      reason: 'mailboxfull',
      type: 'soft',
      countsInARow: true,
    });
    const [ses] = sesEvents(
      JSON.stringify({
        notificationType: 'Bounce',
        bounce: {
          bounceType: 'Permanent',
          bounceSubType: 'NoEmail',
          bouncedRecipients: [{ emailAddress: 'a@example.test' }],
        },
        mail: { commonHeaders: { messageId: '<0192f3a4-5b6c-7d8e-9f00-112233445566@example.test>' } },
      }),
      'sns-1',
    );
    expect(ses).toMatchObject({ kind: 'hard_bounce', reason: 'userunknown' });
  });
});
