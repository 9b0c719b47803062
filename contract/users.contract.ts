import { z } from 'zod';
import { roleSchema, userSchema } from './auth.contract.ts';
import { emailSchema } from './email.contract.ts';
import { defineEndpoint } from './endpoint.ts';
import { validationKeys } from './errors.contract.ts';
import { idParamsSchema } from './ids.contract.ts';
import { listQuerySchema, pageSchema } from './list.contract.ts';
import { passwordSchema, withConfirmation } from './password.contract.ts';

/** Letters (any script), digits, dot, dash and underscore: safe in logs, URLs and e-mails. */
export const usernameSchema = z
  .string()
  .trim()
  .min(3, validationKeys.username)
  .max(64, validationKeys.tooLong)
  .regex(/^[\p{L}\p{N}._-]+$/u, validationKeys.username);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, validationKeys.tooLong)
    .nullish()
    .transform((value) => (value ? value : null));

/** A user as administrators see it in the users screen. */
export const adminUserSchema = userSchema.extend({ created_at: z.string() });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const createUserSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  organization: optionalText(120),
  password: passwordSchema,
  role: roleSchema,
  sender_name: optionalText(120),
  /** Starting credits, granted through the credit ledger with the administrator as author. */
  quota: z
    .number()
    .int(validationKeys.invalid)
    .min(0, validationKeys.invalid)
    .max(100_000_000, validationKeys.invalid)
    .optional(),
});
export type CreateUserRequest = z.input<typeof createUserSchema>;

export const updateUserSchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    organization: optionalText(120),
    role: roleSchema,
    sender_name: optionalText(120),
    is_active: z.boolean(),
    /** A new password set by the administrator; the user's sessions end. */
    password: passwordSchema,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: validationKeys.atLeastOneField });
export type UpdateUserRequest = z.input<typeof updateUserSchema>;

export const userListQuerySchema = listQuerySchema(['username', 'email', 'created_at', 'quota']).extend({
  role: roleSchema.optional(),
  is_active: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
});

/** What a user may change about itself (Settings -> my profile). */
export const updateProfileSchema = z
  .object({
    organization: optionalText(120),
    sender_name: optionalText(120),
    email: emailSchema,
    /** Asked when the e-mail changes: it is where password resets go. */
    current_password: z.string().max(1024, validationKeys.tooLong),
    /** Credit alert (issue 19): 0 turns it off. */
    credit_alert_threshold: z
      .number()
      .int(validationKeys.invalid)
      .min(0, validationKeys.invalid)
      .max(1_000_000_000_000, validationKeys.invalid),
  })
  .partial()
  .refine((body) => Object.keys(body).some((key) => key !== 'current_password'), {
    message: validationKeys.atLeastOneField,
  });

/** Settings -> security: the current password, and the new one twice. */
export const changePasswordSchema = withConfirmation(
  z.object({
    current_password: z.string().min(1, validationKeys.required).max(1024, validationKeys.tooLong),
    password: passwordSchema,
    password_confirmation: z.string(),
  }),
);

export const userEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/auth/users/',
    access: 'admin',
    query: userListQuerySchema,
    status: 200,
    response: pageSchema(adminUserSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/auth/users/',
    access: 'admin',
    body: createUserSchema,
    status: 201,
    response: adminUserSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/auth/users/:id/',
    access: 'admin',
    params: idParamsSchema,
    status: 200,
    response: adminUserSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/auth/users/:id/',
    access: 'admin',
    params: idParamsSchema,
    body: updateUserSchema,
    status: 200,
    response: adminUserSchema,
  }),
  /** Only a user without campaigns; otherwise deactivate it. */
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/auth/users/:id/',
    access: 'admin',
    params: idParamsSchema,
    status: 204,
    response: z.void(),
  }),
  profile: defineEndpoint({
    method: 'GET',
    path: '/auth/profile/',
    access: 'user',
    status: 200,
    response: userSchema,
  }),
  updateProfile: defineEndpoint({
    method: 'PATCH',
    path: '/auth/profile/',
    access: 'user',
    body: updateProfileSchema,
    status: 200,
    response: userSchema,
  }),
  /** Signs out every other session of the user; this one stays. */
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/auth/profile/password/',
    access: 'user',
    body: changePasswordSchema,
    status: 204,
    response: z.void(),
  }),
};
