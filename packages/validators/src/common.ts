import { z } from 'zod';
import { isIsoDate } from './dates.js';
import { formatScaled, parseScaled } from './money.js';

export const MAX_INTEGER_DIGITS = 8;

interface DecimalOptions {
  /** Digits after the point: 2 for money, 4 for the tax rate. */
  scale: number;
  /** Message when the value is missing or empty. */
  required: string;
  /** Smallest allowed value in units of 10^-scale, and its message. */
  min?: readonly [number, string];
  /** Largest allowed value in units of 10^-scale, and its message. */
  max?: readonly [number, string];
  /** Message when the value is not a number with at most `scale` decimals. */
  invalid?: string;
}

/**
 * A decimal amount given as a string ("12.50") or a JSON number (12.5), validated without
 * floating point and normalised to a string with exactly `scale` decimals.
 */
export function decimalString(options: DecimalOptions) {
  const invalid =
    options.invalid ?? `Must be a number with at most ${options.scale} decimal places`;
  return z.union([z.string(), z.number()], { error: options.required }).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: options.required });
      return z.NEVER;
    }
    const units = parseScaled(text, options.scale);
    if (units === null) {
      ctx.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    if (options.min && units < options.min[0]) {
      ctx.addIssue({ code: 'custom', message: options.min[1] });
      return z.NEVER;
    }
    const ceiling = options.max?.[0] ?? 10 ** (MAX_INTEGER_DIGITS + options.scale) - 1;
    if (units > ceiling) {
      ctx.addIssue({
        code: 'custom',
        message: options.max?.[1] ?? `Must be less than ${10 ** MAX_INTEGER_DIGITS}`,
      });
      return z.NEVER;
    }
    return formatScaled(units, options.scale);
  });
}

/** A money amount ≥ min (in cents), normalised to 2 decimals. */
export function money(required: string, min: readonly [number, string]) {
  return decimalString({ scale: 2, required, min });
}

/** Optional free text: trimmed, '' and null become null. */
export function optionalText(max: number, label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));
}

export function requiredText(max: number, required: string, label: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `${label} must be at most ${max} characters`);
}

/** A calendar date 'YYYY-MM-DD'. */
export function isoDate(required: string, label: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { message: required, abort: true })
    .refine(isIsoDate, `${label} must be a valid date (YYYY-MM-DD)`);
}

/** A positive integer id; `message` for anything else (the spec's 'X is required'). */
export function entityId(message: string) {
  return z.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message);
}

export const idParam = z.object({
  id: z
    .number({ error: 'id must be a positive integer' })
    .int('id must be a positive integer')
    .min(1, 'id must be a positive integer')
    .max(2_147_483_647, 'id must be a positive integer'),
});

/** Server-side pagination for every list: newest first, keyset cursor on id, optional text filter. */
export const listQuery = z.object({
  cursor: z.number().int().min(1).max(2_147_483_647).nullish(),
  limit: z
    .number()
    .int()
    .min(1, 'limit must be at least 1')
    .max(200, 'limit must be at most 200')
    .default(50),
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
});

/** What a list procedure receives: `limit` is always there (zod's default). */
export type ListQuery = z.output<typeof listQuery>;

/** A page of a list: the rows and the cursor of the next page (null on the last one). */
export interface Page<T, Cursor = number> {
  items: T[];
  nextCursor: Cursor | null;
}

const cursorId = z.number().int().min(1).max(2_147_483_647);

/**
 * A sortable list's cursor: the last row's id in the default order (newest first), as before, so
 * `cursor=123` keeps working; under `sort` an opaque text holding the sort, the last row's
 * value and its id, which the list's service reads back. A query string's digits are the id.
 */
export const sortedListCursor = z
  .union([
    cursorId,
    z
      .string()
      .regex(/^\d{1,10}$/)
      .transform(Number)
      .pipe(cursorId),
    z.string().regex(/^[\w-]{1,400}$/, 'cursor must be one the list answered'),
  ])
  .nullish();
export type SortedListCursor = number | string;

/**
 * A sortable list's query: `sort` one of `fields` (absent: newest first) and `order`; the
 * service pages across the sort with the cursor above.
 */
export function sortableListQuery<const Fields extends readonly [string, ...string[]]>(
  fields: Fields,
) {
  return listQuery.extend({
    cursor: sortedListCursor,
    sort: z.enum(fields, { error: `sort must be one of ${fields.join(', ')}` }).optional(),
    order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).optional(),
  });
}

/** A date range's ends, both inclusive; the service refuses `from` after `to`. */
export const dateRangeQuery = {
  from: isoDate('from must be a date (YYYY-MM-DD)', 'from').optional(),
  to: isoDate('to must be a date (YYYY-MM-DD)', 'to').optional(),
};

/*
 * Output schemas: what the procedures answer, declared with `.output()` and read by the OpenAPI
 * document (z.toJSONSchema, io 'output'). They run on every response, so they check the shape and
 * the JS types only; the formats the database guarantees (a money amount's two decimals, an ISO
 * timestamp, an integer's being whole) are stated in the JSON schema through `.meta()` rather
 * than tested per field and row. An object's keys are listed in the order its service writes
 * them, as the parse builds the answer in that order: the bytes on the wire stay what they were.
 */

/**
 * A record's id: a positive integer. z.number() rather than z.int().positive(): the checks made
 * a page of 50 orders' parse take 1.8 times as long.
 */
export const recordId = z.number().meta({ type: 'integer', minimum: 1 });

/** A count or other whole number (checked as a number, see recordId). */
export const count = z.number().meta({ type: 'integer' });

/** Money as a decimal string with 2 decimals ('118.75'), never a JSON number. */
export const moneyAmount = z.string().meta({ pattern: '^-?\\d+\\.\\d{2}$', examples: ['118.75'] });

/** A calendar date 'YYYY-MM-DD'. */
export const calendarDate = z.string().meta({ format: 'date' });

/**
 * A moment as `Date#toISOString` writes it ('2026-03-14T10:00:00.123Z'): the database reads
 * timestamptz as that string (packages/db), so it is one on tRPC and in REST JSON alike.
 */
export const timestamp = z.string().meta({ format: 'date-time' });

/** A user's id. */
export const userId = z.string().meta({ format: 'uuid' });

/** What a delete answers: the id of the record it removed. */
export const deletedRecord = z.object({ id: recordId });

/** A page of `item`s (see Page). */
export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), nextCursor: recordId.nullable() });
}

/** The next page's cursor a sortable list answers (see sortedListCursor). */
export const sortedListNextCursor = z.union([recordId, z.string()]).nullable();

/** A page of a sortable list's `item`s: its cursor is an id or a text (sortedListCursor). */
export function sortedPageOf<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), nextCursor: sortedListNextCursor });
}

const alternatives = new WeakMap<object, readonly z.ZodType[]>();

/**
 * The schemas a fullOrOnly body accepts, for the API document: JSON Schema cannot see through
 * its z.custom.
 */
export const acceptedSchemas = (schema: object) => alternatives.get(schema);

/**
 * A PUT body that is either the full record or only a few fields (`{status}`, `{active}`). The
 * payload's keys pick the schema, rather than z.union: zod would prefer the strict short branch
 * whose only issue is extra keys, and tell a full record missing a field 'Unrecognized keys'
 * instead of that field's message.
 */
export function fullOrOnly<Full extends z.ZodType, Only extends z.ZodObject>(
  full: Full,
  only: Only,
) {
  const onlyKeys = new Set(Object.keys(only.shape));
  const isOnly = (value: unknown) =>
    typeof value === 'object' &&
    value !== null &&
    Object.keys(value).length > 0 &&
    Object.keys(value).every((key) => onlyKeys.has(key));
  const schema = z
    .custom<z.input<Full> | z.input<Only>>(() => true)
    .transform((value, ctx): z.output<Full> | z.output<Only> => {
      const result = (isOnly(value) ? only : full).safeParse(value);
      if (result.success) return result.data as z.output<Full> | z.output<Only>;
      for (const issue of result.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    });
  alternatives.set(schema, [full, only]);
  return schema;
}
