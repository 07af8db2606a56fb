import { access } from 'node:fs/promises';
import {
  backupFileOutput,
  backupFileQuery,
  backupOutput,
  backupsListOutput,
} from '@pharm/validators';
import { conflict, notFound } from '../../lib/domain-error.js';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';

/**
 * The embedded database's backups (backups/service.ts), for the Settings page. Any signed-in
 * user for now; once roles exist (decisions.md §8) each of these declares the admin permission.
 */
export const backupsRouter = createTRPCRouter({
  /** The backups this server keeps, or that it keeps none (PostgreSQL: the operator's job). */
  list: protectedProcedure
    .meta({ permission: 'backups.manage' })
    .output(answers(backupsListOutput))
    .query(async ({ ctx }) =>
      ctx.backups
        ? {
            keptByServer: true as const,
            folder: ctx.backups.folder.dir,
            keep: ctx.backups.keep,
            backups: await ctx.backups.list(),
          }
        : { keptByServer: false as const },
    ),
  /** Back up now. */
  create: protectedProcedure
    .meta({ permission: 'backups.manage' })
    .output(answers(backupOutput))
    .mutation(({ ctx }) => {
      if (!ctx.backups) {
        throw conflict('This server keeps no backups: on PostgreSQL they are the operator’s job');
      }
      return ctx.backups.create('manual');
    }),
  /** Where a backup's file is, for its download (GET /api/backups/{name}). */
  file: protectedProcedure
    .meta({ permission: 'backups.manage' })
    .input(backupFileQuery)
    .output(answers(backupFileOutput))
    .query(async ({ ctx, input }) => {
      const file = ctx.backups?.folder.path(input.name);
      if (
        !file ||
        !(await access(file).then(
          () => true,
          () => false,
        ))
      )
        throw notFound('Backup');
      return { name: input.name, path: file };
    }),
});
