import { defineModule } from '../../lib/module.js';
import { lotSearch } from './search.js';
import { recallFiles } from './files.js';
import { recallPdf } from './pdf.js';
import { recallRouter } from './router.js';

export const recallModule = defineModule({
  name: 'recall',
  description: 'Which pharmacies received a lot, to contact them in a recall',
  router: recallRouter,
  files: recallFiles,
  jobs: [recallPdf],
  search: lotSearch,
});
