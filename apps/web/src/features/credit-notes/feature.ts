import { defineFeature } from '../define';

/** Credit notes (issue 27): named in the activity log; their screens add a menu item here. */
export const creditNotes = defineFeature({
  activity: { type: 'creditNote', one: 'Credit note', many: 'Credit notes' },
});
