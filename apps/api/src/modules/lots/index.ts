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
    order_line_items_lot_id_fkey: {
      code: 'INVALID',
      path: ['lineItems'],
      message: () => 'A line names a lot that does not exist',
    },
  },
  files: lotFiles,
  search: lotRecordSearch,
});
