import type { AnyProcedure } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appRouter } from './root.js';

describe('appRouter', () => {
  it('declares a zod output schema on every procedure, for the OpenAPI document', () => {
    // At run time a flat map 'orders.list' → procedure; its declared type is the nested routers.
    const procedures = Object.entries(
      appRouter._def.procedures as unknown as Record<string, AnyProcedure>,
    );
    expect(procedures.length).toBeGreaterThan(50);
    const withoutOutput = procedures
      .filter(
        ([, procedure]) => !((procedure._def as { output?: unknown }).output instanceof z.ZodType),
      )
      .map(([name]) => name);
    expect(withoutOutput).toEqual([]);
  });
});
