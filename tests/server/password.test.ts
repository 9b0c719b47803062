import { passwordSchema } from '../../contract/password.contract.ts';
import {
  generatePassword,
  hashPassword,
  verifyAgainstDummy,
  verifyPassword,
} from '../../server/lib/password.ts';

describe('password hashing', () => {
  it('stores scrypt parameters, salt and hash, never the password', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(hash).not.toContain('correct horse');
  });

  it('accepts the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash, so equal passwords give different hashes', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('refuses malformed or foreign hashes instead of throwing', async () => {
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$1$2$3$4$5')).toBe(false);
  });

  it('verifies older hashes with the parameters stored in them', async () => {
    const hash = await hashPassword('pw');
    const [, , , , salt] = hash.split('$');
    // A hash made with different parameters must not verify under the current ones.
    expect(await verifyPassword('pw', `scrypt$16384$8$1$${salt}$${hash.split('$')[5]}`)).toBe(false);
  });

  it('checks unknown users against a dummy hash and always refuses', async () => {
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });

  it('generates long random passwords', () => {
    const a = generatePassword();
    expect(a.length).toBeGreaterThanOrEqual(20);
    expect(generatePassword()).not.toBe(a);
  });

  it('generates passwords that meet the password rules (a letters-only draw is about 1 in 100)', () => {
    const refused = Array.from({ length: 3000 }, generatePassword).filter(
      (password) => !passwordSchema.safeParse(password).success,
    );
    expect(refused).toEqual([]);
  });
});
