import { defineModule } from '../../lib/module.js';
import { settingsRouter } from './router.js';

export const settingsModule = defineModule({
  name: 'settings',
  description: "The business's settings",
  router: settingsRouter,
});
