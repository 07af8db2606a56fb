import { defineModule } from '../../lib/module.js';
import { backupFiles } from './files.js';
import { backupsRouter } from './router.js';

export const backupsModule = defineModule({
  name: 'backups',
  description: "The server's backups of the embedded database",
  router: backupsRouter,
  files: backupFiles,
});
