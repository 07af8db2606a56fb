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
    .meta({
      permission: 'pharmacies.read',
      rest: {
        method: 'GET',
        path: '/api/pharmacies',
        summary: 'The pharmacies, newest first; `hold` keeps those on credit hold',
        paged: true,
        oneOrZero: ['hold'],
      },
    })
    .input(pharmacyListQuery.prefault({}))
    .output(answers(pharmacyPageOutput))
    .query(({ ctx, input }) => listPharmacies(ctx.db, input)),
  options: protectedProcedure
    .meta({ permission: 'pharmacies.read' })
    .output(answers(pharmacyOptionsOutput))
    .query(({ ctx }) => pharmacyOptions(ctx.db)),
  get: protectedProcedure
    .meta({
      permission: 'pharmacies.read',
      rest: { method: 'GET', path: '/api/pharmacies/{id}', summary: 'One pharmacy' },
    })
    .input(idParam)
    .output(answers(pharmacyOutput))
    .query(({ ctx, input }) => getPharmacy(ctx.db, input.id)),
  create: protectedProcedure
    .meta({
      permission: 'pharmacies.write',
      rest: { method: 'POST', path: '/api/pharmacies', summary: 'Add a pharmacy', status: 201 },
    })
    .input(pharmacySchema)
    .output(answers(pharmacyOutput))
    .mutation(({ ctx, input }) => createPharmacy(ctx.db, input, ctx.user)),
  update: protectedProcedure
    .meta({
      permission: 'pharmacies.edit',
      rest: { method: 'PUT', path: '/api/pharmacies/{id}', summary: 'Edit a pharmacy' },
    })
    .input(idParam.extend({ data: pharmacySchema }))
    .output(answers(pharmacyOutput))
    .mutation(({ ctx, input }) => updatePharmacy(ctx.db, input.id, input.data, ctx.user)),
  delete: protectedProcedure
    .meta({
      permission: 'pharmacies.delete',
      rest: {
        method: 'DELETE',
        path: '/api/pharmacies/{id}',
        summary: 'Delete a pharmacy with its orders, invoices and payments',
      },
    })
    .input(idParam)
    .output(answers(deletedRecord))
    .mutation(({ ctx, input }) => deletePharmacy(ctx.db, input.id, ctx.user)),
});
