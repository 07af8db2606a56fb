import { linkOptions } from '@tanstack/react-router';
import { LICENCE_KIND_LABELS } from '@pharm/validators';
import { defineFeature } from '../define';

/** Pharmacy licences (issue 29): kept in the history, found by number in the search. */
export const licences = defineFeature({
  activity: { type: 'licence', one: 'Licence', many: 'Licences' },
  search: (results) =>
    results.licences.map((licence) => ({
      key: `licence-${licence.id}`,
      group: 'Licences',
      title: licence.number,
      detail: `${LICENCE_KIND_LABELS[licence.kind]} · ${licence.pharmacy.name}`,
      link: linkOptions({ to: '/pharmacies', search: { q: licence.pharmacy.name } }),
    })),
});
