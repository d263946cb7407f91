import { z } from 'zod';

/** Password rules of seed 000 §5 / §9. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%&*()_-+=';

export interface PasswordRuleResult {
  minLength: boolean;
  digit: boolean;
  uppercase: boolean;
  lowercase: boolean;
  special: boolean;
}

export function checkPasswordRules(password: string): PasswordRuleResult {
  return {
    minLength: password.length >= PASSWORD_MIN_LENGTH,
    digit: /\d/.test(password),
    uppercase: /[A-Z]/.test(password),
    lowercase: /[a-z]/.test(password),
    special: [...password].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)),
  };
}

export function isPasswordValid(password: string): boolean {
  return Object.values(checkPasswordRules(password)).every(Boolean);
}

/** The rule's message (FIELD_MESSAGES.PASSWORD_RULES: the client shows it translated). */
export const PASSWORD_RULES_MESSAGE = `A senha precisa de ao menos ${PASSWORD_MIN_LENGTH} caracteres, 1 número, 1 letra maiúscula, 1 minúscula e 1 caractere especial (${PASSWORD_SPECIAL_CHARACTERS})`;

export const passwordSchema = z
  .string()
  .max(200)
  .refine(isPasswordValid, { message: PASSWORD_RULES_MESSAGE });
