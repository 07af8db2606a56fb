import { defineModule } from '../../lib/module.js';
import { pharmacySearch } from './search.js';
import { pharmacyFiles } from './files.js';
import { pharmaciesRouter } from './router.js';

export const pharmaciesModule = defineModule({
  name: 'pharmacies',
  description: 'Pharmacies, the customers: contact, addresses, terms, balance and credit hold',
  router: pharmaciesRouter,
  constraints: {
    pharmacies_balance_check: {
      code: 'CONFLICT',
      path: ['balance'],
      message: () => 'A pharmacy balance cannot be negative',
    },
  },
  files: pharmacyFiles,
  search: pharmacySearch,
});
