import type { z } from 'zod';

export interface FieldIssue {
  path: (string | number)[];
  message: string;
}

/** Flattens zod issues into field messages. */
export function flattenIssues(issues: readonly z.core.$ZodIssue[]): FieldIssue[] {
  return issues.map((issue) => ({
    path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
    message: issue.message,
  }));
}

/** 'email: Please enter a valid email; password: Password must be at least 6 characters' */
export function issuesMessage(issues: readonly FieldIssue[]): string {
  return issues
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}
