import { ERROR_STATUS } from '@pharm/validators';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { describe, expect, it } from 'vitest';
// The modules declare their constraints' messages; importing the list registers them.
import '../../modules/index.js';
import { domainErrorOf, toTRPCError } from './errors.js';

/** What node-postgres throws, with the texts PostgreSQL really sends. */
function pgError(fields: { code: string; constraint?: string; message: string; detail?: string }) {
  return Object.assign(new Error(fields.message), fields);
}

/** What a REST client reads, checked to be what a tRPC client gets as well. */
function answer(error: unknown) {
  const domain = domainErrorOf(error);
  expect(getHTTPStatusCodeFromError(toTRPCError(error))).toBe(ERROR_STATUS[domain.code]);
  return { status: ERROR_STATUS[domain.code], message: domain.message };
}

describe('database errors as the client sees them', () => {
  it('names the field of a known unique constraint and the value the user typed, nothing else', () => {
    const res = answer(
      pgError({
        code: '23505',
        constraint: 'products_sku_key',
        message: 'duplicate key value violates unique constraint "products_sku_key"',
        detail: 'Key (sku)=(VIAL-2R) already exists.',
      }),
    );
    expect(res).toEqual({ status: 409, message: 'SKU VIAL-2R already exists' });
    expect(
      domainErrorOf(pgError({ code: '23505', constraint: 'products_sku_key', message: '' })),
    ).toMatchObject({
      code: 'DUPLICATE',
      issues: [{ path: ['sku'], message: 'This SKU already exists' }],
    });
  });

  it('names the field of a check constraint in the message, as validation does', () => {
    const error = domainErrorOf(
      pgError({
        code: '23514',
        constraint: 'order_line_items_qty_check',
        message:
          'new row for relation "order_line_items" violates check constraint "order_line_items_qty_check"',
      }),
    );
    expect(error).toMatchObject({
      code: 'INVALID',
      message: 'qty: Quantity must be at least 1',
      issues: [{ path: ['qty'], message: 'Quantity must be at least 1' }],
    });
  });

  it('gives a generic message for a constraint it has no words for', () => {
    const res = answer(
      pgError({
        code: '23505',
        constraint: 'some_new_index',
        message: 'duplicate key value violates unique constraint "some_new_index"',
        detail: 'Key (secret_column)=(x) already exists.',
      }),
    );
    expect(res).toEqual({ status: 409, message: 'A record with this value already exists' });
  });

  it.each([
    ['23503', 409, 'The record refers to, or is referred to by, another record'],
    ['23514', 400, 'A value is outside what is allowed'],
    ['22003', 400, 'A value is out of range or malformed'],
    ['40001', 409, 'The record was changed at the same time by another request; please retry'],
    ['57014', 503, 'The database is busy; please try again shortly'],
    ['55P03', 503, 'The database is busy; please try again shortly'],
    ['25P03', 503, 'The database is busy; please try again shortly'],
    ['57P01', 503, 'The database is unavailable; please try again shortly'],
    ['08006', 503, 'The database is unavailable; please try again shortly'],
    ['XX000', 500, 'Internal server error'],
  ])('SQLSTATE %s → %i', (code, status, message) => {
    const res = answer(pgError({ code, message: `relation "users" secret text for ${code}` }));
    expect(res).toEqual({ status, message });
  });

  it('treats a dropped connection and a read timeout as unavailable', () => {
    expect(answer(new Error('Connection terminated unexpectedly')).status).toBe(503);
    expect(answer(new Error('Query read timeout')).status).toBe(503);
  });
});
