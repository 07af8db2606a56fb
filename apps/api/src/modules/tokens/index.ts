import { defineModule } from '../../lib/module.js';
import { tokensRouter } from './router.js';

export const tokensModule = defineModule({
  name: 'tokens',
  description:
    'API tokens for integrations: `Authorization: Bearer pst_…` on the /api paths, with a role no higher than their owner’s',
  router: tokensRouter,
});
