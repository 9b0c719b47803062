import { t } from '../../server/lib/i18n.ts';

describe("the server's translations", () => {
  it('fills each call with its own values, also when the text was looked up before', () => {
    const footer = (email: string) => t('en', 'mail:campaign.footer.reason', { sender: 'Acme', email });
    expect(footer('a@example.com')).toBe('You receive this e-mail because Acme sent it to a@example.com.');
    expect(footer('b@example.com')).toBe('You receive this e-mail because Acme sent it to b@example.com.');
    expect(t('ar', 'mail:campaign.footer.reason', { sender: 'أكمي', email: 'c@example.com' })).toBe(
      'وصلتك هذه الرسالة لأن أكمي أرسلها إلى c@example.com.',
    );
  });

  it('answers each language its own words and leaves a missing value visible', () => {
    expect(t('en', 'mail:campaign.footer.unsubscribe')).toBe('Unsubscribe');
    expect(t('ar', 'mail:campaign.footer.unsubscribe')).toBe('إلغاء الاشتراك');
    expect(t('en', 'mail:campaign.footer.reason', { sender: 'Acme' })).toContain('{{email}}');
  });

  it('answers an unknown key as itself', () => {
    expect(t('ar', 'mail:no.such.key')).toBe('mail:no.such.key');
    expect(t('en', 'mail:no.such.key')).toBe('mail:no.such.key');
  });
});
