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
    .meta({
      rest: {
        method: 'GET',
        path: '/api/pharmacies',
        summary: 'The pharmacies, newest first; `hold` keeps those on credit hold',
        paged: true,
        oneOrZero: ['hold'],
      },
    })
    .input(pharmacyListQuery.prefault({}))
    .query(({ ctx, input }) => listPharmacies(ctx.db, input)),
  options: protectedProcedure.query(({ ctx }) => pharmacyOptions(ctx.db)),
  get: protectedProcedure
    .meta({ rest: { method: 'GET', path: '/api/pharmacies/{id}', summary: 'One pharmacy' } })
    .input(idParam)
    .query(({ ctx, input }) => getPharmacy(ctx.db, input.id)),
  create: protectedProcedure
    .meta({
      rest: { method: 'POST', path: '/api/pharmacies', summary: 'Add a pharmacy', status: 201 },
    })
    .input(pharmacySchema)
    .mutation(({ ctx, input }) => createPharmacy(ctx.db, input, ctx.user.id)),
  update: protectedProcedure
    .meta({ rest: { method: 'PUT', path: '/api/pharmacies/{id}', summary: 'Edit a pharmacy' } })
    .input(idParam.extend({ data: pharmacySchema }))
    .mutation(({ ctx, input }) => updatePharmacy(ctx.db, input.id, input.data, ctx.user.id)),
  delete: protectedProcedure
    .meta({
      rest: {
        method: 'DELETE',
        path: '/api/pharmacies/{id}',
        summary: 'Delete a pharmacy with its orders, invoices and payments',
      },
    })
    .input(idParam)
    .mutation(({ ctx, input }) => deletePharmacy(ctx.db, input.id, ctx.user.id)),
});
