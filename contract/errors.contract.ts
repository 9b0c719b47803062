// No zod here: the browser's first load reads these tables, and zod stays out of it (issue 6).

/** Error codes shared by server and browser. Each value is a key in src/i18n/locales/{ar,en}/common.json. */
export const errorCodes = {
  invalidCredentials: 'errors.invalidCredentials',
  inactiveAccount: 'errors.inactiveAccount',
  /** The code (or recovery code) of a two-factor sign-in is wrong. */
  invalidCode: 'errors.invalidCode',
  /** The sign-in ticket is unknown, used or expired: start again with the password. */
  signInExpired: 'errors.signInExpired',
  /** An administrator requires two-factor sign-in and this account has not set it up. */
  twoFactorSetupRequired: 'errors.twoFactorSetupRequired',
  tooManyAttempts: 'errors.tooManyAttempts',
  network: 'errors.network',
  unauthorized: 'errors.unauthorized',
  sessionExpired: 'errors.sessionExpired',
  forbidden: 'errors.forbidden',
  notFound: 'errors.notFound',
  validation: 'errors.validation',
  conflict: 'errors.conflict',
  payloadTooLarge: 'errors.payloadTooLarge',
  unavailable: 'errors.unavailable',
  unexpected: 'errors.unexpected',
  accountNotFound: 'errors.accountNotFound',
  invalidResetLink: 'errors.invalidResetLink',
  mailFailed: 'errors.mailFailed',
  insufficientCredit: 'errors.insufficientCredit',
  missingAttachments: 'errors.missingAttachments',
  campaignState: 'errors.campaignState',
  /** HTTP v1: the API key lacks the endpoint's scope (details.scope names it). */
  missingScope: 'errors.missingScope',
  /** HTTP v1: an Idempotency-Key used again with another request. */
  idempotencyMismatch: 'errors.idempotencyMismatch',
  /** HTTP v1: the first request with this Idempotency-Key is still being answered. */
  idempotencyInProgress: 'errors.idempotencyInProgress',
  /** HTTP v1: a known path asked with a method it does not take (details.allow lists them). */
  methodNotAllowed: 'errors.methodNotAllowed',
  /** HTTP v1: the key's user must set up two-step sign-in before the key works again. */
  apiKeyNeedsTwoFactor: 'errors.apiKeyNeedsTwoFactor',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

/**
 * The code for an error answered without our body (Fastify's own errors on the server, a proxy's
 * HTML page or an empty 502 in the browser). Written once, read by both sides.
 */
export const errorCodeByStatus: Readonly<Record<number, ErrorCode>> = {
  400: errorCodes.validation,
  401: errorCodes.unauthorized,
  403: errorCodes.forbidden,
  404: errorCodes.notFound,
  402: errorCodes.insufficientCredit,
  409: errorCodes.conflict,
  413: errorCodes.payloadTooLarge,
  422: errorCodes.validation,
  429: errorCodes.tooManyAttempts,
  503: errorCodes.unavailable,
};

/** Field-level validation keys used as zod messages in the contract schemas. */
export const validationKeys = {
  required: 'validation.required',
  tooLong: 'validation.tooLong',
  invalid: 'validation.invalid',
  hexColor: 'validation.hexColor',
  hexColorAlpha: 'validation.hexColorAlpha',
  nameTaken: 'validation.nameTaken',
  atLeastOneField: 'validation.atLeastOneField',
  fileRequired: 'validation.fileRequired',
  fileTooLarge: 'validation.fileTooLarge',
  fileType: 'validation.fileType',
  imageType: 'validation.imageType',
  zipInvalid: 'validation.zipInvalid',
  zipTooManyEntries: 'validation.zipTooManyEntries',
  zipTooLarge: 'validation.zipTooLarge',
  zipUnsafePath: 'validation.zipUnsafePath',
  zipEmpty: 'validation.zipEmpty',
  /** With details.file: the name of the refused file inside the zip. */
  zipBlockedFile: 'validation.zipBlockedFile',
  /** With details.quota_mb and details.used_mb. */
  uploadQuota: 'validation.uploadQuota',
  invalidCode: 'validation.invalidCode',
  twoFactorOn: 'validation.twoFactorOn',
  twoFactorNotSetUp: 'validation.twoFactorNotSetUp',
  ownTwoFactorFirst: 'validation.ownTwoFactorFirst',
  diskFull: 'validation.diskFull',
  inUse: 'validation.inUse',
  email: 'validation.email',
  emailInvisible: 'validation.emailInvisible',
  duplicate: 'validation.duplicate',
  domain: 'validation.domain',
  emailDomainNotOwned: 'validation.emailDomainNotOwned',
  passwordTooShort: 'validation.passwordTooShort',
  passwordWeak: 'validation.passwordWeak',
  passwordSameAsName: 'validation.passwordSameAsName',
  passwordMismatch: 'validation.passwordMismatch',
  wrongPassword: 'validation.wrongPassword',
  username: 'validation.username',
  usernameTaken: 'validation.usernameTaken',
  emailTaken: 'validation.emailTaken',
  userHasCampaigns: 'validation.userHasCampaigns',
  notYourself: 'validation.notYourself',
  phone: 'validation.phone',
  scheduledInPast: 'validation.scheduledInPast',
  fromNotAllowed: 'validation.fromNotAllowed',
  noRecipients: 'validation.noRecipients',
  reasonRequired: 'validation.reasonRequired',
  belowZero: 'validation.belowZero',
  extraIncomplete: 'validation.extraIncomplete',
  tooManyRows: 'validation.tooManyRows',
  recipientExists: 'validation.recipientExists',
  listNotFound: 'validation.listNotFound',
  /** A key the endpoint does not take (a typo, or a field of another endpoint); details name it. */
  unknownField: 'validation.unknownField',
  /** HTTP v1's per-field text of the same, naming it (var field). */
  unknownFieldNamed: 'validation.unknownFieldNamed',
  /** The same, with the known field it most likely meant (vars field and suggestion). */
  unknownFieldSuggestion: 'validation.unknownFieldSuggestion',
} as const;
