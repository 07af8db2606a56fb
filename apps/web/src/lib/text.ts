/** Cuts text at `max` characters and adds '...' when it was longer. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** What empty optional values show in tables and details. */
export const EMPTY = '—';

/** 'order' → 'Order'. */
export function capitalize(word: string): string {
  return `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
}
