import {
  deletedRecord,
  idParam,
  orderListQuery,
  orderOutput,
  orderPageOutput,
  orderSchema,
  orderUpdateSchema,
} from '@pharm/validators';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { createOrder, deleteOrder, getOrder, listOrders, updateOrder } from './service.js';

export const ordersRouter = createTRPCRouter({
  list: protectedProcedure
    .input(orderListQuery.prefault({}))
    .output(answers(orderPageOutput))
    .query(({ ctx, input }) => listOrders(ctx.db, input)),
  get: protectedProcedure
    .input(idParam)
    .output(answers(orderOutput))
    .query(({ ctx, input }) => getOrder(ctx.db, input.id)),
  create: protectedProcedure
    .input(orderSchema)
    .output(answers(orderOutput))
    .mutation(({ ctx, input }) => createOrder(ctx.db, input, ctx.user.id)),
  update: protectedProcedure
    .input(idParam.extend({ data: orderUpdateSchema }))
    .output(answers(orderOutput))
    .mutation(({ ctx, input }) => updateOrder(ctx.db, input.id, input.data, ctx.user.id)),
  delete: protectedProcedure
    .input(idParam)
    .output(answers(deletedRecord))
    .mutation(({ ctx, input }) => deleteOrder(ctx.db, input.id, ctx.user.id)),
});
