import { describe, expect, it } from 'vitest';
import {
  checkPasswordChange,
  checkProfile,
  profileChanges,
  profileValuesOf,
} from '../../src/machines/profile/profile-checks.ts';
import { senderUser } from '../support/fixtures.ts';

const user = { ...senderUser, sender_name: 'Sam', organization: null };
const values = profileValuesOf(user);

describe('profile checks', () => {
  it('send only what changed, and ask for a change', () => {
    expect(checkProfile({ values, user })).toEqual({ form: 'validation.atLeastOneField' });
    expect(profileChanges({ values: { ...values, sender_name: 'Samir' }, user })).toEqual({
      sender_name: 'Samir',
    });
    expect(checkProfile({ values: { ...values, organization: 'Acme' }, user })).toEqual({});
  });

  it('ask for the current password when the e-mail changes, and only then', () => {
    const moved = { ...values, email: 'sam@new.example' };
    expect(checkProfile({ values: moved, user })).toEqual({ current_password: 'validation.required' });
    expect(profileChanges({ values: { ...moved, current_password: 'secret-1' }, user })).toEqual({
      email: 'sam@new.example',
      current_password: 'secret-1',
    });
    // The same address with another case in its domain is no change.
    expect(checkProfile({ values: { ...values, email: 'sam@EXAMPLE.com', sender_name: 'S' }, user })).toEqual(
      {},
    );
    expect(
      checkProfile({ values: { ...moved, email: 'not-an-address', current_password: 'x' }, user }),
    ).toEqual({
      email: 'validation.email',
    });
  });

  it('check a new password with the contract’s rules', () => {
    const change = {
      current_password: 'old-pass-1',
      password: 'new-pass-2026',
      password_confirmation: 'new-pass-2026',
    };
    expect(checkPasswordChange(change)).toEqual({});
    expect(checkPasswordChange({ ...change, current_password: '' })).toEqual({
      current_password: 'validation.required',
    });
    expect(checkPasswordChange({ ...change, password: 'short', password_confirmation: 'short' })).toEqual({
      password: 'validation.passwordTooShort',
    });
    expect(checkPasswordChange({ ...change, password_confirmation: 'other-pass-2026' })).toEqual({
      password_confirmation: 'validation.passwordMismatch',
    });
  });
});
