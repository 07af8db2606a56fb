import { defineModule } from '../../lib/module.js';
import { licenceFiles } from './files.js';
import { licencesRouter } from './router.js';
import { licenceSearch } from './search.js';

export const licencesModule = defineModule({
  name: 'licences',
  description:
    "Pharmacies' licences and registrations (state pharmacy, DEA, 503B, resale), their documents, and the licence problems to act on",
  router: licencesRouter,
  constraints: {
    licences_document_size_check: {
      code: 'INVALID',
      path: ['contentBase64'],
      message: () => 'The document must be at most 5 MiB',
    },
    licences_dates_check: {
      code: 'INVALID',
      path: ['expiresOn'],
      message: () => 'Expiry date must not be before the issue date',
    },
  },
  files: licenceFiles,
  search: licenceSearch,
});
