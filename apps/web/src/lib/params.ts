import { notFound } from '@tanstack/react-router';

const MAX_ID = 2_147_483_647;

/** '12' → 12; anything that is not a positive integer id → null. */
export function parseId(value: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

/**
 * `params` option of routes with an `$id` segment: the id is a positive integer, anything else
 * shows the 404 page.
 */
export const idParams = {
  parse: ({ id }: { id: string }): { id: number } => {
    const parsed = parseId(id);
    if (parsed === null) throw notFound();
    return { id: parsed };
  },
  stringify: ({ id }: { id: number }): { id: string } => ({ id: String(id) }),
};

/** A search param that names a record ('?pharmacyId=12'): its id, or undefined for anything else. */
export function searchId(value: unknown): number | undefined {
  return parseId(String(value)) ?? undefined;
}
