import type { AnyProcedure } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PERMISSIONS } from '@pharm/validators/roles';
import type { ProcedureMeta } from './lib/http/rest-meta.js';
import { modules } from './modules/index.js';
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

  it('declares a permission from the roles table on every signed-in procedure and file route', () => {
    const procedures = Object.entries(
      appRouter._def.procedures as unknown as Record<string, AnyProcedure>,
    );
    const undeclared = procedures
      .filter(([, { _def }]) => {
        const meta = _def.meta as ProcedureMeta | undefined;
        return meta?.signedIn && !(meta.permission && meta.permission in PERMISSIONS);
      })
      .map(([name]) => name);
    expect(undeclared).toEqual([]);
    const publicOnes = procedures
      .filter(([, { _def }]) => !(_def.meta as ProcedureMeta | undefined)?.signedIn)
      .map(([name]) => name)
      .sort();
    expect(publicOnes).toEqual([
      'auth.login',
      'auth.me',
      'auth.register',
      'auth.registration',
      'invitations.accept',
    ]);
    const files = modules.flatMap((module) => module.files ?? []);
    expect(files.filter((file) => !(file.permission in PERMISSIONS))).toEqual([]);
  });
});
