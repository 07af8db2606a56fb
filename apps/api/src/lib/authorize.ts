import { can, refusal, type Permission, type Role } from '@pharm/validators/roles';
import { DomainError } from './domain-error.js';

/** Who does a write, for the rules the data decides and the activity log. */
export interface Actor {
  id: string;
  role: Role;
}

/**
 * Refuses with 403 FORBIDDEN, naming the action, unless the role holds the permission. The
 * procedures' middleware (trpc.ts) calls it with their declared permission; a service calls it
 * for the rules only the data decides (a credit limit in an edit, a delete that takes money).
 */
export function authorize(role: Role, permission: Permission): void {
  if (!can(role, permission)) throw new DomainError('FORBIDDEN', refusal(role, permission));
}
