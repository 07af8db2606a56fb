import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appRouter } from './root.js';

describe('appRouter', () => {
  it('declares a zod output schema on every procedure, for the OpenAPI document', () => {
    const procedures = Object.entries(appRouter._def.procedures);
    expect(procedures.length).toBeGreaterThan(50);
    const withoutOutput = procedures
      .filter(
        ([, procedure]) => !((procedure._def as { output?: unknown }).output instanceof z.ZodType),
      )
      .map(([name]) => name);
    expect(withoutOutput).toEqual([]);
  });
});
