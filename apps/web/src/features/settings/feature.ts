import { defineFeature } from '../define';

/** The business settings: one row with a page of their own (from the user menu), not a list. */
export const settings = defineFeature({
  activity: { type: 'settings', one: 'Settings', many: 'Settings' },
});
