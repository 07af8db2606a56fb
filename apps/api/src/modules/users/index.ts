import { defineModule } from '../../lib/module.js';
import { usersRouter } from './router.js';

export const usersModule = defineModule({
  name: 'users',
  description: 'Users: their roles, deactivation and reactivation (admins)',
  router: usersRouter,
});
