import { accountMessages, signUpBodySchema, type SignInBody, type SignUpBody } from '@dwellscape/shared';
import { z } from 'zod/mini';
import { ApiError } from '@/lib/api-client';

export type SignUpField = keyof SignUpBody;
export type SignInField = keyof SignInBody;
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export const accountFormTexts = {
  usernameMissing: 'Enter your username.',
  passwordMissing: 'Enter your password.',
  unexpected: 'Something went wrong. Please try again.',
} as const;

/** The account rules' own words (packages/shared), and the field each one is about. */
const fieldOfMessage = new Map<string, SignUpField>([
  [accountMessages.usernameFormat, 'username'],
  [accountMessages.usernameTaken, 'username'],
  [accountMessages.usernameReserved, 'username'],
  [accountMessages.displayNameLength, 'displayName'],
  [accountMessages.passwordLength, 'password'],
  [accountMessages.passwordTooLong, 'password'],
  [accountMessages.passwordWeak, 'password'],
  [accountMessages.passwordHasUsername, 'password'],
]);

const signUpFields: readonly SignUpField[] = ['username', 'displayName', 'password'];
const isSignUpField = (value: unknown): value is SignUpField => signUpFields.includes(value as SignUpField);

/** The shared sign-up rules, checked before anything is sent: the first problem of each field. */
export function validateSignUp(values: SignUpBody): FieldErrors<SignUpField> {
  const parsed = z.safeParse(signUpBodySchema, values);
  if (parsed.success) return {};
  const errors: FieldErrors<SignUpField> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isSignUpField(field)) errors[field] ??= issue.message;
  }
  return errors;
}

/** Sign-in checks only that both were typed: the server alone says whether they match. */
export function validateSignIn(values: SignInBody): FieldErrors<SignInField> {
  const errors: FieldErrors<SignInField> = {};
  if (!values.username.trim()) errors.username = accountFormTexts.usernameMissing;
  if (!values.password) errors.password = accountFormTexts.passwordMissing;
  return errors;
}

export interface AccountFormErrors {
  fields: FieldErrors<SignUpField>;
  /** A problem with the whole form ('Wrong username or password.', too many attempts, no connection). */
  form: string | null;
}

/**
 * What the server's refusal means for the form: a rule about one field goes under that field (from the
 * validation details, or from the rule's own words), anything else above the button.
 */
export function accountErrorsOf(error: unknown): AccountFormErrors {
  if (!(error instanceof ApiError)) return { fields: {}, form: accountFormTexts.unexpected };
  if (error.status === 429) return { fields: {}, form: error.message || accountMessages.signInRateLimited };
  if (error.status >= 500) return { fields: {}, form: accountFormTexts.unexpected };

  const fields: FieldErrors<SignUpField> = {};
  for (const name of signUpFields) {
    const message = error.messageFor(name);
    if (message) fields[name] = message;
  }
  const field = fieldOfMessage.get(error.message);
  if (field) fields[field] ??= error.message;
  return Object.keys(fields).length > 0 ? { fields, form: null } : { fields, form: error.message };
}
