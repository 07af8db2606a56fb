import { defineModule } from '../../lib/module.js';
import { searchRouter } from './router.js';

export const searchModule = defineModule({
  name: 'search',
  description: 'Search across orders, invoices, pharmacies, products and lots',
  router: searchRouter,
});
