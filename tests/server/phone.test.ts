import { describe, expect, it } from 'vitest';
import { cleanPhoneInput, parsePhone, parseSmsRecipient, phoneErrors } from '../../server/lib/phone.ts';
import { t } from '../../server/lib/i18n.ts';
import { operatorOf } from '../../server/lib/phone-operators.ts';

describe('phone numbers', () => {
  it('reads an Egyptian local mobile with Egypt as the default country', () => {
    expect(parsePhone('01012345678', { defaultCountry: 'EG' })).toEqual({
      ok: true,
      e164: '+201012345678',
      country: 'EG',
      operator: 'Vodafone',
      type: 'mobile',
    });
  });

  it('reads a Saudi local mobile with Saudi Arabia as the default country', () => {
    expect(parsePhone('0501234567', { defaultCountry: 'sa' })).toMatchObject({
      ok: true,
      e164: '+966501234567',
      country: 'SA',
      operator: 'STC',
    });
  });

  it('reads +966 and 00966 whatever the default country, and with none', () => {
    for (const input of ['+966 50 123 4567', '00966501234567', '00 966-50-123-4567']) {
      expect(parsePhone(input, { defaultCountry: 'EG' })).toMatchObject({ ok: true, e164: '+966501234567' });
      expect(parsePhone(input)).toMatchObject({ ok: true, e164: '+966501234567', country: 'SA' });
    }
  });

  it('reads Arabic-Indic and Eastern Arabic-Indic digits and ignores direction marks', () => {
    expect(cleanPhoneInput('\u200f٠١٠١٢٣٤٥٦٧٨\u200e')).toBe('01012345678');
    expect(parsePhone('٠١٠١٢٣٤٥٦٧٨', { defaultCountry: 'EG' })).toMatchObject({ e164: '+201012345678' });
    expect(parsePhone('۰۵۵۱۲۳۴۵۶۷', { defaultCountry: 'SA' })).toMatchObject({ e164: '+966551234567' });
    expect(parsePhone('＋٩٦٦٥٠١٢٣٤٥٦٧')).toMatchObject({ e164: '+966501234567' });
  });

  it('names the operator from the prefix, the longest prefix first', () => {
    expect(parsePhone('01212345678', { defaultCountry: 'EG' })).toMatchObject({ operator: 'Orange' });
    expect(parsePhone('0541234567', { defaultCountry: 'SA' })).toMatchObject({ operator: 'Mobily' });
    expect(operatorOf('SA', '571234567')).toBe('Virgin Mobile');
    expect(operatorOf('SA', '591234567')).toBe('Zain');
    expect(parsePhone('+971521234567')).toMatchObject({ country: 'AE', operator: 'du' });
    expect(parsePhone('+96550123456')).toMatchObject({ country: 'KW', operator: null });
  });

  it('says why a number cannot be read', () => {
    expect(parsePhone('  ')).toEqual({ ok: false, error: phoneErrors.empty });
    expect(parsePhone('call me')).toEqual({ ok: false, error: phoneErrors.notANumber });
    expect(parsePhone('0501234567')).toEqual({ ok: false, error: phoneErrors.noCountry });
    expect(parsePhone('0501234567', { defaultCountry: 'XX' })).toEqual({
      ok: false,
      error: phoneErrors.noCountry,
    });
    expect(parsePhone('+999123456')).toEqual({ ok: false, error: phoneErrors.invalidCountry });
    expect(parsePhone('+9665')).toMatchObject({ ok: false });
    expect(parsePhone('050123', { defaultCountry: 'SA' })).toEqual({ ok: false, error: phoneErrors.invalid });
    expect(parsePhone('+9665012345678901234')).toMatchObject({ ok: false });
  });

  it('refuses a landline as an SMS recipient but reads it as a phone', () => {
    expect(parsePhone('0223456789', { defaultCountry: 'EG' })).toMatchObject({
      ok: true,
      type: 'fixed',
      operator: null,
    });
    expect(parseSmsRecipient('0223456789', { defaultCountry: 'EG' })).toEqual({
      ok: false,
      error: phoneErrors.notMobile,
    });
    expect(parseSmsRecipient('01512345678', { defaultCountry: 'EG' })).toMatchObject({
      ok: true,
      operator: 'WE',
    });
  });

  it('has every error in Arabic and English', () => {
    for (const key of Object.values(phoneErrors)) {
      for (const language of ['ar', 'en'] as const) {
        const text = t(language, key);
        expect(text).not.toBe(key);
        expect(text.length).toBeGreaterThan(5);
      }
      expect(t('ar', key)).not.toBe(t('en', key));
    }
  });
});
