import type { z } from 'zod';
import type { User } from '../../../contract/auth.contract.ts';
import { normalizeEmail } from '../../../contract/email.contract.ts';
import { validationKeys } from '../../../contract/errors.contract.ts';
import { changePasswordSchema, updateProfileSchema } from '../../../contract/users.contract.ts';
import type { FieldErrors } from '../submit.machine.ts';

/** What the profile form sends (PATCH /auth/profile/): only what changed. */
export interface ProfileChanges {
  organization?: string | null;
  sender_name?: string | null;
  email?: string;
  current_password?: string;
}

/** What the password form sends (POST /auth/profile/password/). */
export interface PasswordChange {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** The profile form as its inputs hold it. */
export interface ProfileValues {
  sender_name: string;
  organization: string;
  email: string;
  current_password: string;
}

/** What the profile form submits: its values and the user they change. */
export interface ProfileSubmission {
  values: ProfileValues;
  user: User;
}

export const profileValuesOf = (user: User): ProfileValues => ({
  sender_name: user.sender_name ?? '',
  organization: user.organization ?? '',
  email: user.email,
  current_password: '',
});

/** A new address is where password resets would go: the server asks for the password then. */
export const emailChanges = (values: ProfileValues, user: User): boolean =>
  normalizeEmail(values.email).toLowerCase() !== user.email.toLowerCase();

/** Only what changed goes out, with the current password when the e-mail changes. */
export function profileChanges({ values, user }: ProfileSubmission): ProfileChanges {
  const before = profileValuesOf(user);
  const changes: ProfileChanges = {};
  if (values.sender_name.trim() !== before.sender_name) changes.sender_name = values.sender_name;
  if (values.organization.trim() !== before.organization) changes.organization = values.organization;
  if (emailChanges(values, user)) {
    changes.email = values.email;
    changes.current_password = values.current_password;
  }
  return changes;
}

function errorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message.startsWith('validation.') ? issue.message : validationKeys.invalid;
  }
  return errors;
}

/** The contract's rules, plus the current password when the e-mail changes. */
export function checkProfile(submission: ProfileSubmission): FieldErrors {
  const changes = profileChanges(submission);
  const parsed = updateProfileSchema.safeParse(changes);
  const errors = parsed.success ? {} : errorsOf(parsed.error);
  if (changes.email !== undefined && submission.values.current_password === '')
    errors.current_password ??= validationKeys.required;
  return errors;
}

export const checkPasswordChange = (values: PasswordChange): FieldErrors => {
  const parsed = changePasswordSchema.safeParse(values);
  return parsed.success ? {} : errorsOf(parsed.error);
};
