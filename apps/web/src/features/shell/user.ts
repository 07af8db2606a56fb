import type { User } from '../../lib/trpc';

export function fullName(user: Pick<User, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter((part) => part && part.trim()).join(' ');
}

/** First letter of the first name, else of the email, else 'U'. */
export function userInitial(user: Pick<User, 'firstName' | 'email'>): string {
  const source = user.firstName?.trim() || user.email?.trim() || '';
  return (source.charAt(0) || 'U').toUpperCase();
}
