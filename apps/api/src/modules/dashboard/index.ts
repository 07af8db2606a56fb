import { defineModule } from '../../lib/module.js';
import { dashboardRouter } from './router.js';

export const dashboardModule = defineModule({
  name: 'dashboard',
  description: "The dashboard's figures",
  router: dashboardRouter,
});
