import { defineModule } from '../../lib/module.js';
import { dunningRouter } from './router.js';

export const dunningModule = defineModule({
  name: 'dunning',
  description:
    'Dunning: reminders of overdue invoices, one notice per pharmacy at the level due today, approved or skipped; the monthly statements',
  router: dunningRouter,
  constraints: {
    dunning_levels_days_key: {
      code: 'DUPLICATE',
      path: ['levels'],
      message: () => 'Two levels have the same days',
    },
  },
});
