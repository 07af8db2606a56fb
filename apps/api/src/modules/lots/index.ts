import { defineModule } from '../../lib/module.js';
import { lotFiles } from './files.js';
import { lotsRouter } from './router.js';
import { lotRecordSearch } from './search.js';

export const lotsModule = defineModule({
  name: 'lots',
  description:
    "Lots of the catalogue's variants: expiry, status (released, quarantined, on hold, recalled), certificate of analysis, and where each went",
  router: lotsRouter,
  constraints: {
    lots_variant_number_key: {
      code: 'DUPLICATE',
      path: ['lotNumber'],
      message: () => 'This variant already has a lot with this number',
    },
    lots_product_number_key: {
      code: 'DUPLICATE',
      path: ['lotNumber'],
      message: () => 'This product already has a lot with this number',
    },
    lots_certificate_size_check: {
      code: 'INVALID',
      path: ['contentBase64'],
      message: () => 'The certificate must be at most 5 MiB',
    },
    lots_dates_check: {
      code: 'INVALID',
      path: ['expiryDate'],
      message: () => 'Expiry date must not be before the manufacture date',
    },
    // Deleting a product or variant takes its lots along, unless a line carries one: what shipped
    // stays traceable.
    order_line_items_lot_id_fkey: {
      code: 'CONFLICT',
      path: ['lotId'],
      message: () => 'Its lots are on order lines, which keep them: it cannot be deleted',
    },
    invoice_line_items_lot_id_fkey: {
      code: 'CONFLICT',
      path: ['lotId'],
      message: () => 'Its lots are on invoice lines, which keep them: it cannot be deleted',
    },
  },
  files: lotFiles,
  search: lotRecordSearch,
});
