import { idParam, orderListQuery, orderSchema, orderUpdateSchema } from '@pharm/validators';
import { createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { createOrder, deleteOrder, getOrder, listOrders, updateOrder } from './service.js';

export const ordersRouter = createTRPCRouter({
  list: protectedProcedure
    .input(orderListQuery.prefault({}))
    .query(({ ctx, input }) => listOrders(ctx.db, input)),
  get: protectedProcedure.input(idParam).query(({ ctx, input }) => getOrder(ctx.db, input.id)),
  create: protectedProcedure
    .input(orderSchema)
    .mutation(({ ctx, input }) => createOrder(ctx.db, input, ctx.user.id)),
  update: protectedProcedure
    .input(idParam.extend({ data: orderUpdateSchema }))
    .mutation(({ ctx, input }) => updateOrder(ctx.db, input.id, input.data, ctx.user.id)),
  delete: protectedProcedure
    .input(idParam)
    .mutation(({ ctx, input }) => deleteOrder(ctx.db, input.id, ctx.user.id)),
});
