import { z } from 'zod';
import { LANGUAGES } from '../enums.ts';
import { ROLES } from '../roles.ts';
import { FIELD_MESSAGES } from '../field-messages.ts';
import { passwordSchema } from '../password.ts';
import {
  emailField,
  optionalCepField,
  optionalCnpjField,
  optionalPhoneField,
  optionalStateField,
  optionalText,
  requiredText,
} from '../fields.ts';
import { isValidCep, isValidEmail, onlyDigits } from '../masks.ts';

/** Shared zod schemas of the account screens: the client forms and the server parse the same rules. */

/** Query parameters of /register kept with the registration for the billing step (seed 000 §2). */
const planParam = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === '' ? null : Number(v)))
  .refine((v) => v === null || (Number.isSafeInteger(v) && v >= 0), FIELD_MESSAGES.NUMBER_INVALID);
const vindiParam = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === '' ? null : String(v)))
  .refine((v) => v === null || v.length <= 64, FIELD_MESSAGES.VALUE_INVALID);

/**
 * The sign-up e-mail: a bad one answers the seed's USER_REGISTER_EMAIL_INVALID ('Email {email} é
 * inválido') rather than a generic validation error (the issue names its code, see kit parseInput).
 */
const registrationEmailField = z
  .string()
  .default('')
  .transform((v) => v.trim())
  .superRefine((v, ctx) => {
    if (!isValidEmail(v))
      ctx.addIssue({
        code: 'custom',
        message: FIELD_MESSAGES.EMAIL_INVALID,
        params: { code: 'USER_REGISTER_EMAIL_INVALID', email: v.slice(0, 254) },
      });
  });

/** POST /web/users/register/ — the seed's registration payload (000 §3) plus the plan parameters. */
export const registrationSchema = z.object({
  name: requiredText(100, FIELD_MESSAGES.NAME_REQUIRED),
  email: registrationEmailField,
  phone: optionalPhoneField,
  occupation: requiredText(100, FIELD_MESSAGES.OCCUPATION_REQUIRED),
  cnpjCompany: optionalCnpjField,
  company: requiredText(255, FIELD_MESSAGES.COMPANY_REQUIRED),
  fantasyName: optionalText(255),
  address: optionalText(255),
  complement: optionalText(120),
  state: optionalStateField,
  city: optionalText(120),
  neighborhood: optionalText(120),
  cep: optionalCepField,
  password: passwordSchema,
  language: z.enum(LANGUAGES).optional(),
  selectedPlanId: planParam,
  equipmentQtt: planParam,
  productIdVindi: vindiParam,
  planIdVindi: vindiParam,
});
export type RegistrationInput = z.input<typeof registrationSchema>;
export type Registration = z.output<typeof registrationSchema>;

/** The sign-up form: the payload plus confirmation and the usage terms (client side). */
export const registrationFormSchema = registrationSchema
  .extend({
    passwordConfirmation: z.string(),
    acceptTerms: z.boolean().refine((v) => v, FIELD_MESSAGES.TERMS_REQUIRED),
  })
  .refine((v) => v.password === v.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: FIELD_MESSAGES.PASSWORDS_DIFFER,
  });

/** PUT /web/logged-user/ — name, phone, occupation (e-mail and company are read-only). */
export const profileUpdateSchema = z.object({
  name: requiredText(100, FIELD_MESSAGES.NAME_REQUIRED),
  phone: optionalPhoneField,
  occupation: optionalText(100),
});
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** PUT /web/logged-user/password/ — the current password must be non-empty (seed 000 §5). */
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, FIELD_MESSAGES.CURRENT_PASSWORD_REQUIRED).max(200),
  newPassword: passwordSchema,
});

export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmation: z.string() })
  .refine((v) => v.newPassword === v.confirmation, {
    path: ['confirmation'],
    message: FIELD_MESSAGES.PASSWORDS_DIFFER,
  });

/** The new password of the reset page, with its confirmation. */
export const passwordResetFormSchema = z
  .object({ password: passwordSchema, confirmation: z.string() })
  .refine((v) => v.password === v.confirmation, {
    path: ['confirmation'],
    message: FIELD_MESSAGES.PASSWORDS_DIFFER,
  });

/** E-mail tokens are base64url, 43 characters for 256 bits. */
export const emailTokenSchema = z
  .string()
  .trim()
  .min(20)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, FIELD_MESSAGES.TOKEN_INVALID);

/** What an e-mailed link is for: activating a sign-up, or resetting a password. */
export const EMAIL_TOKEN_PURPOSES = ['activation', 'reset'] as const;
export type EmailTokenPurposeName = (typeof EMAIL_TOKEN_PURPOSES)[number];
/**
 * An e-mailed link checked when its page opens (issue 16): VALID, or why it cannot be used —
 * EXPIRED, USED (used, or replaced by a newer link), INVALID (unknown, malformed, or its account
 * is no longer in the state the link was sent for), ALREADY_ACTIVE (an activation link whose
 * environment exists: sign in instead).
 */
export const EMAIL_TOKEN_STATUSES = ['VALID', 'EXPIRED', 'USED', 'INVALID', 'ALREADY_ACTIVE'] as const;
export type EmailTokenStatus = (typeof EMAIL_TOKEN_STATUSES)[number];
export const emailTokenCheckSchema = z.object({
  token: z.string().max(300),
  purpose: z.enum(EMAIL_TOKEN_PURPOSES),
});
export const emailTokenCheckResultSchema = z.object({ status: z.enum(EMAIL_TOKEN_STATUSES) });

/** "Reenviar e-mail de ativação": the sign-up's e-mail. */
export const resendActivationSchema = z.object({ email: emailField });

export const cepLookupSchema = z.object({
  cep: z
    .string()
    .trim()
    .refine(isValidCep, FIELD_MESSAGES.CEP_INVALID)
    .transform((v) => onlyDigits(v)),
});

/** Answer of the CEP lookup. */
export const cepAddressSchema = z.object({
  cep: z.string(),
  state: z.string(),
  city: z.string(),
  street: z.string(),
  neighborhood: z.string(),
});
export type CepAddress = z.infer<typeof cepAddressSchema>;

/** The seed's "Logged user" (000 §3), plus a few fields the client needs. */
export const loggedUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  occupation: z.string().nullable(),
  image: z.string().nullable(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  companyGroup: z.string().nullable(),
  companyGroupId: z.number().int().nullable(),
  companyGroupName: z.string().nullable(),
  currentRole: z.enum(ROLES),
  status: z.string(),
  language: z.string(),
  paymentStatus: z.string().nullable(),
  vindi_id: z.string().nullable(),
  subscription_id: z.number().int().nullable(),
  generated_tag_qty: z.number().int(),
  active_tags_qty: z.number().int(),
});
export type LoggedUser = z.infer<typeof loggedUserSchema>;

/** A new session: the bearer token and when it ends. */
export const sessionSchema = z.object({ token: z.string(), expiresAt: z.date() });

/** Photo upload of the profile: type and size are checked on both sides. */
export const PROFILE_PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const PROFILE_PHOTO_MAX_BYTES = 1024 * 1024;
