import { defineModule } from '../../lib/module.js';
import { statementFiles } from './files.js';
import { statementPdf } from './pdf.js';
import { statementsRouter } from './router.js';

export const statementsModule = defineModule({
  name: 'statements',
  description: 'Statements of account of a pharmacy',
  router: statementsRouter,
  files: statementFiles,
  jobs: [statementPdf],
});
