import { defineModule } from '../../lib/module.js';
import { orderSearch } from './search.js';
import { orderFiles } from './files.js';
import { orderPdf } from './pdf.js';
import { ordersRouter } from './router.js';

export const ordersModule = defineModule({
  name: 'orders',
  description: 'Orders and their line items',
  router: ordersRouter,
  constraints: {
    orders_order_number_key: {
      code: 'DUPLICATE',
      path: ['orderNumber'],
      message: () => 'This order number is already taken',
    },
    order_line_items_qty_check: {
      code: 'INVALID',
      path: ['qty'],
      message: () => 'Quantity must be at least 1',
    },
    orders_status_check: { code: 'INVALID', path: ['status'], message: () => 'Invalid status' },
  },
  files: orderFiles,
  jobs: [orderPdf],
  search: orderSearch,
});
