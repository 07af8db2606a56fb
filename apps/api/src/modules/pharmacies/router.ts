import {
  deletedRecord,
  idParam,
  pharmacyListQuery,
  pharmacyOptionsOutput,
  pharmacyOutput,
  pharmacyPageOutput,
  pharmacySchema,
} from '@pharm/validators';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import {
  createPharmacy,
  deletePharmacy,
  getPharmacy,
  listPharmacies,
  pharmacyOptions,
  updatePharmacy,
} from './service.js';

export const pharmaciesRouter = createTRPCRouter({
  list: protectedProcedure
    .input(pharmacyListQuery.prefault({}))
    .output(answers(pharmacyPageOutput))
    .query(({ ctx, input }) => listPharmacies(ctx.db, input)),
  options: protectedProcedure
    .output(answers(pharmacyOptionsOutput))
    .query(({ ctx }) => pharmacyOptions(ctx.db)),
  get: protectedProcedure
    .input(idParam)
    .output(answers(pharmacyOutput))
    .query(({ ctx, input }) => getPharmacy(ctx.db, input.id)),
  create: protectedProcedure
    .input(pharmacySchema)
    .output(answers(pharmacyOutput))
    .mutation(({ ctx, input }) => createPharmacy(ctx.db, input, ctx.user.id)),
  update: protectedProcedure
    .input(idParam.extend({ data: pharmacySchema }))
    .output(answers(pharmacyOutput))
    .mutation(({ ctx, input }) => updatePharmacy(ctx.db, input.id, input.data, ctx.user.id)),
  delete: protectedProcedure
    .input(idParam)
    .output(answers(deletedRecord))
    .mutation(({ ctx, input }) => deletePharmacy(ctx.db, input.id, ctx.user.id)),
});
