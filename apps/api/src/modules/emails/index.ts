import { defineModule } from '../../lib/module.js';
import { emailsRouter } from './router.js';

export const emailsModule = defineModule({
  name: 'emails',
  description:
    'Email: invoices and statements sent with their PDFs through the outbox, its sent log and retries, and the templates',
  router: emailsRouter,
  constraints: {
    emails_idempotency_key_key: {
      code: 'DUPLICATE',
      path: ['idempotencyKey'],
      message: () => 'This Idempotency-Key was used for another email',
    },
    email_templates_kind_name_key: {
      code: 'DUPLICATE',
      path: ['name'],
      message: () => 'A template of this kind has this name already',
    },
  },
});
