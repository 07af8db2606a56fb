import { defineModule } from '../../lib/module.js';
import { activityRouter } from './router.js';

export const activityModule = defineModule({
  name: 'activity',
  description: 'Who changed what and when: the activity log of every record',
  router: activityRouter,
});
