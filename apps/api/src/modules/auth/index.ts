import { defineModule } from '../../lib/module.js';
import { authRouter } from './router.js';

export const authModule = defineModule({
  name: 'auth',
  description: 'Registering, signing in and out, and the signed-in user',
  router: authRouter,
  constraints: {
    users_email_key: {
      code: 'DUPLICATE',
      path: ['email'],
      message: () => 'An account with this email already exists',
    },
  },
});
