import type { z } from 'zod';

export interface FieldIssue {
  path: (string | number)[];
  message: string;
}

/**
 * Flattens zod issues into field messages. A union (full payload or `{status}` only) reports
 * the branch that came closest, so the user reads the messages of the form they meant to send.
 */
export function flattenIssues(issues: readonly z.core.$ZodIssue[], prefix: (string | number)[] = []): FieldIssue[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0] ?? [];
      return flattenIssues(closest, path);
    }
    return [{ path, message: issue.message }];
  });
}

/** 'email: Please enter a valid email; password: Password must be at least 6 characters' */
export function issuesMessage(issues: readonly FieldIssue[]): string {
  return issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
}
