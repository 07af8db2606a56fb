import { z } from 'zod';
import { emailField, passwordField, roleField } from './auth.js';
import { optionalText, recordId, timestamp, userId } from './common.js';
import { ROLES } from './roles.js';

// Users, invitations and API tokens (issue 26): the shapes of /api/users, /api/invitations and
// /api/tokens.

const role = z.enum(ROLES);

/** GET /api/users: every user with their role, status and last sign-in. */
export const userListItemOutput = z.object({
  id: userId,
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role,
  active: z.boolean(),
  lastSignInAt: timestamp.nullable(),
});
export const userListOutput = z.array(userListItemOutput);
export type UserListItem = z.output<typeof userListItemOutput>;

/** PUT /api/users/{id}: a new role, deactivation or reactivation. */
export const userUpdateSchema = z.object({
  id: z.uuid('id must be a user id'),
  data: z.object({
    role: roleField.optional(),
    active: z.boolean({ error: 'Active must be true or false' }).optional(),
  }),
});
export type UserUpdateData = z.output<typeof userUpdateSchema>['data'];

/** POST /api/invitations. */
export const invitationCreateSchema = z.object({ email: emailField, role: roleField });
export type InvitationCreateData = z.output<typeof invitationCreateSchema>;

/** An invitation as listed: never its link, which only its creation answers. */
export const invitationOutput = z.object({
  id: recordId,
  email: z.string(),
  role,
  expiresAt: timestamp,
  acceptedAt: timestamp.nullable(),
  revokedAt: timestamp.nullable(),
  createdAt: timestamp,
});
export const invitationListOutput = z.array(invitationOutput);
export type Invitation = z.output<typeof invitationOutput>;

/** What POST /api/invitations answers, once: the link that holds the token. */
export const invitationCreatedOutput = z.object({
  id: recordId,
  email: z.string(),
  role,
  expiresAt: timestamp,
  url: z.string(),
});

/** POST /api/invitations/accept: the token from the link, and the new user's password and name. */
export const invitationAcceptSchema = z.object({
  token: z
    .string({ error: 'The invitation link is not valid' })
    .min(1, 'The invitation link is not valid')
    .max(200, 'The invitation link is not valid'),
  password: passwordField,
  firstName: optionalText(255, 'First name'),
  lastName: optionalText(255, 'Last name'),
});
export type InvitationAcceptData = z.output<typeof invitationAcceptSchema>;

/** POST /api/tokens: a name, a role no higher than the owner's (theirs when left out), an expiry. */
export const tokenCreateSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
  role: roleField.optional(),
  expiresAt: z.iso
    .datetime({ offset: true, error: 'Expiry must be a date and time (ISO 8601)' })
    .nullish()
    .transform((value) => value ?? null),
});
export type TokenCreateData = z.output<typeof tokenCreateSchema>;

/** An API token as listed: never the token itself. */
export const tokenOutput = z.object({
  id: recordId,
  name: z.string(),
  role,
  expiresAt: timestamp.nullable(),
  lastUsedAt: timestamp.nullable(),
  createdAt: timestamp,
  user: z.object({ id: userId, email: z.string() }),
});
export const tokenListOutput = z.array(tokenOutput);
export type ApiToken = z.output<typeof tokenOutput>;

/** What POST /api/tokens answers, once: the token (`pst_…`). */
export const tokenCreatedOutput = z.object({
  id: recordId,
  name: z.string(),
  role,
  token: z.string(),
  expiresAt: timestamp.nullable(),
});
