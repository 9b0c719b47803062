import { describe, expect, it } from 'vitest';
import {
  formatReceiptText,
  messageIdForms,
  parseDeliveryReceipt,
} from '../../server/channels/sms/delivery-receipt.ts';
import { SendRate } from '../../server/channels/sms/send-rate.ts';
import { smppOutcome, smppStatusName } from '../../server/channels/sms/smpp-status.ts';
import { parseSmppUrl, redactSmppUrl, SmppUrlError } from '../../server/channels/sms/smpp-url.ts';

describe('SMPP URLs', () => {
  it('reads system_id, password, host, port and the query settings', () => {
    expect(
      parseSmppUrl('smpp://acme:s%40cret@smsc.example.com:2776?tps=50&window=20&system_type=VMA'),
    ).toEqual({
      tls: false,
      host: 'smsc.example.com',
      port: 2776,
      systemId: 'acme',
      password: 's@cret',
      systemType: 'VMA',
      tps: 50,
      window: 20,
      enquireLinkSeconds: 30,
    });
  });

  it('defaults the port to 2775, or 3550 for smpps://', () => {
    expect(parseSmppUrl('smpp://a:b@host.example')).toMatchObject({
      tls: false,
      port: 2775,
      tps: 30,
      window: 10,
    });
    expect(parseSmppUrl('smpps://a:b@host.example')).toMatchObject({ tls: true, port: 3550 });
  });

  it('refuses what would bind wrongly, naming the translated reason', () => {
    const reason = (url: string) => {
      try {
        parseSmppUrl(url);
        return null;
      } catch (error) {
        expect(error).toBeInstanceOf(SmppUrlError);
        return (error as SmppUrlError).key;
      }
    };
    expect(reason('http://a:b@host')).toBe('sms:connections.errors.scheme');
    expect(reason('not a url')).toBe('sms:connections.errors.notUrl');
    expect(reason('smpp://host.example:2775')).toBe('sms:connections.errors.systemId');
    expect(reason('smpp://a:b@host?tps=0')).toBe('sms:connections.errors.query');
    expect(reason('smpp://a:b@host?speed=5')).toBe('sms:connections.errors.query');
    expect(reason('smpp://a:b@host/path')).toBe('sms:connections.errors.path');
    expect(reason(`smpp://${'x'.repeat(16)}:b@host`)).toBe('sms:connections.errors.systemId');
  });

  it('shows a URL without its password', () => {
    expect(redactSmppUrl('smpp://acme:secret@smsc.example.com:2775?tps=50')).toBe(
      'smpp://acme@smsc.example.com:2775?tps=50',
    );
    expect(redactSmppUrl('smpps://acme:secret@smsc.example.com')).not.toContain('secret');
  });
});

describe('SMPP statuses', () => {
  it('slows down on ESME_RTHROTTLED and ESME_RMSGQFUL, never failing', () => {
    expect(smppOutcome(0x58)).toBe('slow_down');
    expect(smppOutcome(0x14)).toBe('slow_down');
  });

  it('tells temporary from permanent errors by their documented meaning', () => {
    expect(smppOutcome(0x00)).toBe('ok');
    expect(smppOutcome(0x08)).toBe('temporary');
    expect(smppOutcome(0x64)).toBe('temporary');
    expect(smppOutcome(0x0b)).toBe('permanent');
    expect(smppOutcome(0x01)).toBe('permanent');
    expect(smppOutcome(0x65)).toBe('permanent');
    expect(smppOutcome(0x04)).toBe('rebind');
    expect(smppOutcome(0x401)).toBe('temporary');
    expect(smppStatusName(0x58)).toBe('ESME_RTHROTTLED');
    expect(smppStatusName(0x401)).toBe('0x00000401');
  });
});

describe('delivery receipts', () => {
  const text =
    'id:0A1B2C sub:001 dlvrd:001 submit date:2612011530 done date:2612011531 stat:DELIVRD err:000 text:Hello there';

  it('reads the text form', () => {
    expect(parseDeliveryReceipt({ esm_class: 0x04, text })).toEqual({
      messageId: '0A1B2C',
      status: 'delivered',
      errorCode: '000',
      submittedAt: new Date('2026-12-01T15:30:00Z'),
      doneAt: new Date('2026-12-01T15:31:00Z'),
    });
  });

  it('prefers receipted_message_id and message_state to the text', () => {
    expect(
      parseDeliveryReceipt({ esm_class: 0x04, text, receipted_message_id: 'abc', message_state: 5 }),
    ).toMatchObject({ messageId: 'abc', status: 'undelivered' });
  });

  it('reads UNDELIV, EXPIRED and REJECTD and lower-case field names', () => {
    expect(parseDeliveryReceipt({ esm_class: 4, text: 'id:7 stat:UNDELIV err:034' })).toMatchObject({
      status: 'undelivered',
      errorCode: '034',
    });
    expect(parseDeliveryReceipt({ esm_class: 4, text: 'ID:7 STAT:EXPIRED ERR:000' })).toMatchObject({
      status: 'expired',
    });
    expect(parseDeliveryReceipt({ esm_class: 4, text: 'id:7 stat:REJECTD' })).toMatchObject({
      status: 'rejected',
      errorCode: null,
    });
  });

  it('reads an intermediate notification as a receipt', () => {
    expect(parseDeliveryReceipt({ esm_class: 0x20, text: 'id:9 stat:ENROUTE' })).toMatchObject({
      messageId: '9',
      status: 'enroute',
    });
  });

  it('is not a receipt without the receipt flag or a message id', () => {
    expect(parseDeliveryReceipt({ esm_class: 0, text })).toBeNull();
    expect(parseDeliveryReceipt({ esm_class: 0x08, text })).toBeNull();
    expect(parseDeliveryReceipt({ esm_class: 0x04, text: 'stat:DELIVRD' })).toBeNull();
  });

  it('writes the text the SMSCs write and reads it back', () => {
    const written = formatReceiptText({
      messageId: '00000f',
      status: 'expired',
      errorCode: '001',
      submittedAt: new Date('2026-12-01T10:00:00Z'),
      doneAt: new Date('2026-12-02T10:00:00Z'),
      text: 'Hi',
    });
    expect(written).toBe(
      'id:00000f sub:001 dlvrd:000 submit date:2612011000 done date:2612021000 stat:EXPIRED err:001 text:Hi',
    );
    expect(parseDeliveryReceipt({ esm_class: 4, text: written })).toMatchObject({
      messageId: '00000f',
      status: 'expired',
    });
  });

  it('gives the hexadecimal and decimal forms of a message id', () => {
    expect(messageIdForms('255')).toEqual(['255', 'ff', '597']);
    expect(messageIdForms('ff')).toEqual(['ff', '255']);
    expect(messageIdForms('abc-1')).toEqual(['abc-1']);
  });
});

describe('send rate', () => {
  it('gives one submit per 1/tps seconds once the bucket is empty', () => {
    let now = 0;
    const rate = new SendRate(10, () => now);
    expect(rate.take()).toEqual({ ok: true });
    expect(rate.take()).toEqual({ ok: false, waitMs: 100 });
    now = 100;
    expect(rate.take()).toEqual({ ok: true });
    now = 10_000;
    // A long pause fills at most 50 ms of sending (here one submit), never a burst.
    expect(rate.take()).toEqual({ ok: true });
    expect(rate.take().ok).toBe(false);
  });

  it('lets 50 ms of submits through at once at high rates', () => {
    let now = 0;
    const rate = new SendRate(2000, () => now);
    now = 1000;
    let taken = 0;
    while (rate.take().ok) taken += 1;
    expect(taken).toBe(100);
  });
});

describe('SMPP URL errors', () => {
  it('has each reason in Arabic and English', async () => {
    const { t } = await import('../../server/lib/i18n.ts');
    for (const reason of ['notUrl', 'scheme', 'host', 'systemId', 'path', 'query', 'systemType']) {
      const key = `sms:connections.errors.${reason}`;
      expect(t('en', key)).not.toBe(key);
      expect(t('ar', key)).not.toBe(key);
      expect(t('ar', key)).not.toBe(t('en', key));
    }
  });
});
