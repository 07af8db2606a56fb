import { idParam, pharmacyListQuery, pharmacySchema } from '@pharm/validators';
import { createTRPCRouter, protectedProcedure } from '../../trpc.js';
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
    .query(({ ctx, input }) => listPharmacies(ctx.db, input)),
  options: protectedProcedure.query(({ ctx }) => pharmacyOptions(ctx.db)),
  get: protectedProcedure.input(idParam).query(({ ctx, input }) => getPharmacy(ctx.db, input.id)),
  create: protectedProcedure
    .input(pharmacySchema)
    .mutation(({ ctx, input }) => createPharmacy(ctx.db, input, ctx.user.id)),
  update: protectedProcedure
    .input(idParam.extend({ data: pharmacySchema }))
    .mutation(({ ctx, input }) => updatePharmacy(ctx.db, input.id, input.data, ctx.user.id)),
  delete: protectedProcedure
    .input(idParam)
    .mutation(({ ctx, input }) => deletePharmacy(ctx.db, input.id, ctx.user.id)),
});
