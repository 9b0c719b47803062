import type { z } from 'zod';
import type { Role } from '../../contract/auth.contract.ts';
import { addQuotaSchema, type AddQuotaRequest } from '../../contract/credits.contract.ts';
import { validationKeys } from '../../contract/errors.contract.ts';
import {
  createUserSchema,
  updateUserSchema,
  type AdminUser,
  type CreateUserRequest,
  type UpdateUserRequest,
} from '../../contract/users.contract.ts';

/** What the users screen's dialogs edit, as the inputs hold it (text, a role and a switch). */
export interface UserFormValues {
  username: string;
  email: string;
  organization: string;
  password: string;
  role: Role;
  sender_name: string;
  is_active: boolean;
  /** The "add quota" dialog: a whole number, negative to take credit away. */
  amount: string;
  reason: string;
}
export type UserFormField = keyof UserFormValues;
export type UserFormKind = 'create' | 'edit' | 'quota';

export type SaveRequest =
  | { kind: 'create'; body: CreateUserRequest }
  | { kind: 'edit'; id: string; body: UpdateUserRequest }
  | { kind: 'quota'; id: string; body: AddQuotaRequest };

export type FieldErrors = Partial<Record<string, string>>;
export type Checked =
  { ok: true; request: SaveRequest } | { ok: false; fieldErrors: FieldErrors; errorKey: string | null };

export const emptyValues: UserFormValues = {
  username: '',
  email: '',
  organization: '',
  password: '',
  role: 'sender',
  sender_name: '',
  is_active: true,
  amount: '',
  reason: '',
};

export function valuesOf(user: AdminUser): UserFormValues {
  return {
    ...emptyValues,
    username: user.username,
    email: user.email,
    organization: user.organization ?? '',
    role: user.role,
    sender_name: user.sender_name ?? '',
    is_active: user.is_active,
  };
}

/** Zod's issues as the same field -> validation.* keys the server answers with. */
function issuesOf(error: z.ZodError): { fieldErrors: FieldErrors; errorKey: string | null } {
  const fieldErrors: FieldErrors = {};
  let errorKey: string | null = null;
  for (const issue of error.issues) {
    // Every contract message is a key; a bare zod message would show English to Arabic readers.
    const key = issue.message.startsWith('validation.') ? issue.message : validationKeys.invalid;
    const field = issue.path[0];
    if (typeof field === 'string') fieldErrors[field] ??= key;
    else errorKey ??= key;
  }
  return { fieldErrors, errorKey };
}

/** Only what the administrator changed goes out; a blank password leaves the current one. */
function changesOf(user: AdminUser, values: UserFormValues): UpdateUserRequest {
  const before = valuesOf(user);
  const changes: UpdateUserRequest = {};
  if (values.username !== before.username) changes.username = values.username;
  if (values.email !== before.email) changes.email = values.email;
  if (values.organization !== before.organization) changes.organization = values.organization;
  if (values.sender_name !== before.sender_name) changes.sender_name = values.sender_name;
  if (values.role !== before.role) changes.role = values.role;
  if (values.is_active !== before.is_active) changes.is_active = values.is_active;
  if (values.password !== '') changes.password = values.password;
  return changes;
}

/**
 * Checks the dialog with the contract's own schemas before anything is sent, so the browser and
 * the server refuse the same input with the same messages.
 */
export function checkForm(kind: UserFormKind, user: AdminUser | null, values: UserFormValues): Checked {
  if (kind === 'quota') {
    if (!user) return { ok: false, fieldErrors: {}, errorKey: validationKeys.invalid };
    const amount = values.amount.trim();
    if (!/^[-+]?\d+$/.test(amount))
      return { ok: false, fieldErrors: { amount: validationKeys.invalid }, errorKey: null };
    const body = { amount: Number(amount), reason: values.reason };
    const parsed = addQuotaSchema.safeParse(body);
    return parsed.success
      ? { ok: true, request: { kind, id: user.id, body } }
      : { ok: false, ...issuesOf(parsed.error) };
  }
  if (kind === 'edit') {
    if (!user) return { ok: false, fieldErrors: {}, errorKey: validationKeys.invalid };
    const body = changesOf(user, values);
    const parsed = updateUserSchema.safeParse(body);
    return parsed.success
      ? { ok: true, request: { kind, id: user.id, body } }
      : { ok: false, ...issuesOf(parsed.error) };
  }
  const body: CreateUserRequest = {
    username: values.username,
    email: values.email,
    organization: values.organization,
    password: values.password,
    role: values.role,
    sender_name: values.sender_name,
  };
  const parsed = createUserSchema.safeParse(body);
  return parsed.success ? { ok: true, request: { kind, body } } : { ok: false, ...issuesOf(parsed.error) };
}
