// Plain constants, no zod (also exported as @pharm/validators/roles): the server's authorize
// middleware and the web's menus, buttons and forms read this one table (decisions.md §8).

/** From the least to the most trusted; a role holds every permission of the roles before it. */
export const ROLES = ['viewer', 'sales', 'accountant', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  viewer: 'Viewer',
  sales: 'Sales',
  accountant: 'Accountant',
  admin: 'Admin',
};

/**
 * Each permission with the roles that hold it and what a refusal says the role may not do
 * ("A sales user may not record, edit or delete payments"). Reads are split by entity so that
 * search and the dashboard can leave out a group a role may not read.
 */
export const PERMISSIONS = {
  /** The signed-in user's own account: who am I, sign out. */
  'account.own': {
    roles: ['viewer', 'sales', 'accountant', 'admin'],
    action: 'use their own account',
  },
  'pharmacies.read': {
    roles: ['viewer', 'sales', 'accountant', 'admin'],
    action: 'read pharmacies',
  },
  'orders.read': { roles: ['viewer', 'sales', 'accountant', 'admin'], action: 'read orders' },
  'invoices.read': { roles: ['viewer', 'sales', 'accountant', 'admin'], action: 'read invoices' },
  'payments.read': { roles: ['viewer', 'sales', 'accountant', 'admin'], action: 'read payments' },
  'creditNotes.read': {
    roles: ['viewer', 'sales', 'accountant', 'admin'],
    action: 'read credit notes and refunds',
  },
  'products.read': { roles: ['viewer', 'sales', 'accountant', 'admin'], action: 'read products' },
  'reports.read': {
    roles: ['viewer', 'sales', 'accountant', 'admin'],
    action: 'read reports and statements',
  },
  'activity.read': {
    roles: ['viewer', 'sales', 'accountant', 'admin'],
    action: 'read the history',
  },
  'settings.read': {
    roles: ['viewer', 'sales', 'accountant', 'admin'],
    action: 'read the settings',
  },
  /** Own API tokens; a token's role is never above its owner's. */
  'tokens.own': {
    roles: ['viewer', 'sales', 'accountant', 'admin'],
    action: 'create or revoke API tokens',
  },
  /**
   * The pharmacy edit form: who holds it reaches the edit, and what they change decides the rest
   * (its other fields need `pharmacies.write`, the credit limit `pharmacies.creditLimit`).
   */
  'pharmacies.edit': {
    roles: ['sales', 'accountant', 'admin'],
    action: 'edit pharmacies',
  },
  /** Create and edit pharmacies; the credit limit needs `pharmacies.creditLimit` as well. */
  'pharmacies.write': { roles: ['sales', 'admin'], action: 'create or edit pharmacies' },
  'pharmacies.creditLimit': {
    roles: ['accountant', 'admin'],
    action: 'change a credit limit',
  },
  'orders.write': {
    roles: ['sales', 'admin'],
    action: 'create, edit, send, fulfil or delete orders',
  },
  'invoices.write': {
    roles: ['accountant', 'admin'],
    action: 'create, edit or delete invoices',
  },
  'payments.write': {
    roles: ['accountant', 'admin'],
    action: 'record, edit or delete payments',
  },
  /** Cash application (issue 27): applying and voiding, credit notes, refunds. */
  'allocations.write': {
    roles: ['accountant', 'admin'],
    action: 'apply or void payments and credits',
  },
  'creditNotes.write': {
    roles: ['accountant', 'admin'],
    action: 'issue credit notes',
  },
  'refunds.write': { roles: ['accountant', 'admin'], action: 'record refunds' },
  'creditHold.override': {
    roles: ['accountant', 'admin'],
    action: 'override a credit hold',
  },
  'settings.creditHold': {
    roles: ['accountant', 'admin'],
    action: 'change the credit-hold settings',
  },
  'licences.write': { roles: ['accountant', 'admin'], action: 'add, edit or delete licences' },
  'licences.override': { roles: ['admin'], action: 'override a missing or expired licence' },
  'products.write': { roles: ['admin'], action: 'change the catalogue' },
  /** The outbox (issue 28); invitation emails, which carry a sign-up link, need `users.manage`. */
  'emails.read': { roles: ['sales', 'accountant', 'admin'], action: 'read the outbox' },
  'emails.orders': { roles: ['sales', 'accountant', 'admin'], action: 'email orders' },
  'emails.invoices': {
    roles: ['accountant', 'admin'],
    action: 'email invoices and statements',
  },
  'emails.templates': { roles: ['admin'], action: 'change the email templates' },
  /** Dunning (issue 28): notices are an accountant's, the levels an admin's. */
  'dunning.read': { roles: ['accountant', 'admin'], action: 'read dunning notices' },
  'dunning.write': {
    roles: ['accountant', 'admin'],
    action: 'approve or skip dunning notices, or pause dunning for a pharmacy',
  },
  'dunning.settings': { roles: ['admin'], action: 'change the dunning levels' },
  /** Lots are read with `products.read`; receiving a lot and its status are the back office's. */
  'lots.write': {
    roles: ['accountant', 'admin'],
    action: 'add lots, change their status or attach certificates',
  },
  /** Recalls are read by everyone who reads lots; opening, noticing and closing is the back office's. */
  'recalls.read': {
    roles: ['viewer', 'sales', 'accountant', 'admin'],
    action: 'read recalls',
  },
  'recalls.write': {
    roles: ['accountant', 'admin'],
    action: 'open recalls, record their notices or close them',
  },
  'settings.write': { roles: ['admin'], action: 'change the settings' },
  /** Deletes that take money with them: a pharmacy with invoices, an invoice with payments, a sent order. */
  'money.cascadeDelete': {
    roles: ['admin'],
    action: 'delete records that carry invoices or payments',
  },
  'pharmacies.delete': { roles: ['admin'], action: 'delete pharmacies' },
  'users.manage': { roles: ['admin'], action: 'manage users and invitations' },
  'tokens.manageAll': { roles: ['admin'], action: "manage other users' API tokens" },
  'backups.manage': { roles: ['admin'], action: 'make or download backups' },
} as const satisfies Record<string, { roles: readonly Role[]; action: string }>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role != null && (PERMISSIONS[permission].roles as readonly Role[]).includes(role);
}

/** "A sales user may not record, edit or delete payments" (the 403's message). */
export function refusal(role: Role, permission: Permission): string {
  const label = ROLE_LABELS[role].toLowerCase();
  const article = /^[aeiou]/.test(label) ? 'An' : 'A';
  return `${article} ${label} user may not ${PERMISSIONS[permission].action}`;
}

/** A role's rank, for "no higher than": a token's role, an invitation's role. */
export function roleRank(role: Role): number {
  return ROLES.indexOf(role);
}

/** The lower of two roles: a token acts with the lower of its own role and its owner's. */
export function lowerRole(a: Role, b: Role): Role {
  return roleRank(a) <= roleRank(b) ? a : b;
}
