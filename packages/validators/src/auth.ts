import { z } from 'zod';
import { timestamp, userId } from './common.js';
import { ROLES } from './roles.js';

export const emailField = z
  .string({ error: 'Please enter a valid email' })
  .trim()
  .max(255, 'Email must be at most 255 characters')
  .pipe(z.email('Please enter a valid email'));

export const passwordField = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(6, 'Password must be at least 6 characters')
  .max(128, 'Password must be at most 128 characters');

export const loginSchema = z.object({
  email: emailField,
  password: passwordField,
});

const optionalName = (label: string) =>
  z
    .string()
    .trim()
    .max(255, `${label} must be at most 255 characters`)
    .nullish()
    .transform((value) => (value ? value : null));

export const registerSchema = z.object({
  firstName: optionalName('First name'),
  lastName: optionalName('Last name'),
  email: emailField,
  password: passwordField,
});

export type LoginInput = z.input<typeof loginSchema>;
export type RegisterInput = z.input<typeof registerSchema>;
export type LoginData = z.output<typeof loginSchema>;
export type RegisterData = z.output<typeof registerSchema>;

/** A role, as an input field ("role": "sales"). */
export const roleField = z.enum(ROLES, {
  error: `Role must be one of ${ROLES.join(', ')}`,
});

/** The signed-in user as the API answers it (never the password hash). */
export const userOutput = z.object({
  id: userId,
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(ROLES),
  createdAt: timestamp,
});
export type User = z.output<typeof userOutput>;

/**
 * auth.registration: whether the Register tab's form can create an account, or sign-up is by
 * invitation only (REGISTRATION=closed, or first-user once a user exists).
 */
export const registrationOutput = z.object({ invitationOnly: z.boolean() });

/** auth.logout. */
export const okOutput = z.object({ ok: z.literal(true) });
