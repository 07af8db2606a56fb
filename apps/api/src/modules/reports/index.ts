import { defineModule } from '../../lib/module.js';
import { reportFiles } from './files.js';
import { reportsRouter } from './router.js';

export const reportsModule = defineModule({
  name: 'reports',
  description: 'Sales and receivables reports',
  router: reportsRouter,
  files: reportFiles,
});
