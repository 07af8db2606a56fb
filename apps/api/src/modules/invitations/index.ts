import { defineModule } from '../../lib/module.js';
import { invitationsRouter } from './router.js';

export const invitationsModule = defineModule({
  name: 'invitations',
  description:
    'Invitations: one-time links to sign up with a role (admins); accepting one is public',
  router: invitationsRouter,
});
