import { linkOptions } from '@tanstack/react-router';
import { LuMegaphone } from 'react-icons/lu';
import { defineFeature } from '../define';

/** Recalls of lots (issue 30): the list, each recall's page, found by number or lot in the search. */
export const recalls = defineFeature({
  // Reached from Recall (its tabs) and the dashboard's card, not from a menu item of its own.
  nav: { to: '/recalls', label: 'Recalls', icon: LuMegaphone, inMenu: false },
  activity: { type: 'recall', one: 'Recall', many: 'Recalls' },
  search: (results) =>
    results.recalls.map((recall) => ({
      key: `recall-${recall.id}`,
      group: 'Recalls',
      title: recall.number,
      detail: `Class ${recall.class} · ${recall.lotNumbers ?? 'no lots'} · ${recall.closedOn ? 'closed' : 'open'}`,
      link: linkOptions({ to: '/recalls/$id', params: { id: recall.id } }),
    })),
});
