import { defineModule } from '../../lib/module.js';
import { recallsFiles } from './files.js';
import { recallLetterPdf } from './pdf.js';
import { recallsRouter } from './router.js';
import { recallSearch } from './search.js';

export const recallsModule = defineModule({
  name: 'recalls',
  description:
    'Recalls of lots: the affected invoice lines per pharmacy, each pharmacy notified and acknowledging, letters, and closing',
  router: recallsRouter,
  constraints: {
    recall_lots_lot_id_fkey: {
      code: 'INVALID',
      path: ['lotIds'],
      message: () => 'A lot of the recall does not exist',
    },
  },
  files: recallsFiles,
  jobs: [recallLetterPdf],
  search: recallSearch,
});
