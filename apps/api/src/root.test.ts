import type { AnyProcedure } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appRouter } from './root.js';

describe('appRouter', () => {
  it('declares a zod output schema on every procedure (trpc.ts answers()), for the API document', () => {
    // At run time a flat map 'orders.list' → procedure; its declared type is the nested routers.
    const procedures = Object.entries(
      appRouter._def.procedures as unknown as Record<string, AnyProcedure>,
    );
    expect(procedures.length).toBeGreaterThan(50);
    const withoutOutput = procedures
      .filter(([, { _def }]) => {
        const output = (_def as { output?: { schema?: unknown } }).output;
        return !(output?.schema instanceof z.ZodType);
      })
      .map(([name]) => name);
    expect(withoutOutput).toEqual([]);
  });
});
