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
    .meta({
      permission: 'orders.read',
      rest: {
        method: 'GET',
        path: '/api/orders',
        summary: 'The orders with their pharmacy and line items, newest first',
        paged: true,
      },
    })
    .input(orderListQuery.prefault({}))
    .output(answers(orderPageOutput))
    .query(({ ctx, input }) => listOrders(ctx.db, input)),
  get: protectedProcedure
    .meta({
      permission: 'orders.read',
      rest: { method: 'GET', path: '/api/orders/{id}', summary: 'One order' },
    })
    .input(idParam)
    .output(answers(orderOutput))
    .query(({ ctx, input }) => getOrder(ctx.db, input.id)),
  create: protectedProcedure
    .meta({
      permission: 'orders.write',
      rest: { method: 'POST', path: '/api/orders', summary: 'Create an order', status: 201 },
    })
    .input(orderSchema)
    .output(answers(orderOutput))
    .mutation(({ ctx, input }) => createOrder(ctx.db, input, ctx.user.id)),
  update: protectedProcedure
    .meta({
      permission: 'orders.write',
      rest: {
        method: 'PUT',
        path: '/api/orders/{id}',
        summary: 'Edit an order, or change only its status (`{ status }`)',
      },
    })
    .input(idParam.extend({ data: orderUpdateSchema }))
    .output(answers(orderOutput))
    .mutation(({ ctx, input }) => updateOrder(ctx.db, input.id, input.data, ctx.user)),
  delete: protectedProcedure
    .meta({
      permission: 'orders.write',
      rest: { method: 'DELETE', path: '/api/orders/{id}', summary: 'Delete an order' },
    })
    .input(idParam)
    .output(answers(deletedRecord))
    .mutation(({ ctx, input }) => deleteOrder(ctx.db, input.id, ctx.user)),
});
