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
    // Lots are checked before a recall takes them: these fire when a recalled lot (or its
    // variant or product) is deleted, which the recall's record forbids.
    recall_lots_lot_id_fkey: {
      code: 'CONFLICT',
      path: [],
      message: () => 'A lot of this record is in a recall, which keeps it: it cannot be deleted',
    },
    recall_lines_lot_id_fkey: {
      code: 'CONFLICT',
      path: [],
      message: () => 'A lot of this record is in a recall, which keeps it: it cannot be deleted',
    },
  },
  files: recallsFiles,
  jobs: [recallLetterPdf],
  search: recallSearch,
});
