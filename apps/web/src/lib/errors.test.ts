import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { errorMessage, errorStatus, HttpError, httpError, serverFieldErrors } from './errors';

function trpcError(message: string, data?: unknown) {
  const error = new TRPCClientError(message);
  Object.defineProperty(error, 'data', { value: data });
  return error;
}

describe('errorMessage', () => {
  it('uses the server message of a tRPC error', () => {
    expect(errorMessage(trpcError('email: Please enter a valid email'))).toBe(
      'email: Please enter a valid email',
    );
  });

  it("formats REST errors as '{status}: {body or statusText}'", async () => {
    expect(errorMessage(new HttpError(404, 'Not Found', 'Order not found'))).toBe(
      '404: Order not found',
    );
    expect(errorMessage(new HttpError(500, 'Internal Server Error', ''))).toBe(
      '500: Internal Server Error',
    );
    const error = await httpError(
      new Response('Conflict body', { status: 409, statusText: 'Conflict' }),
    );
    expect(errorMessage(error)).toBe('409: Conflict body');
    expect(
      errorMessage(new Response(null, { status: 503, statusText: 'Service Unavailable' })),
    ).toBe('503: Service Unavailable');
  });

  it("falls back to 'Unknown error'", () => {
    expect(errorMessage(undefined)).toBe('Unknown error');
    expect(errorMessage({})).toBe('Unknown error');
    expect(errorMessage(new Error(''))).toBe('Unknown error');
  });
});

describe('error data', () => {
  it('reads the HTTP status and the field of each issue, the first message per field', () => {
    const error = trpcError('Bad input', {
      httpStatus: 409,
      code: 'DUPLICATE',
      issues: [
        { path: ['variants', 1, 'variantSku'], message: 'Variant SKU V-1 already exists' },
        { path: ['name'], message: 'Name is required' },
        { path: ['name'], message: 'a second message for the same field' },
        { path: [], message: 'not about a field' },
      ],
    });
    expect(errorStatus(error)).toBe(409);
    expect(serverFieldErrors(error)).toEqual({
      'variants.1.variantSku': 'Variant SKU V-1 already exists',
      name: 'Name is required',
    });
    expect(serverFieldErrors(new Error('x'))).toEqual({});
  });
});
