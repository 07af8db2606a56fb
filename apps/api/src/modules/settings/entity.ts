import { defineEntity } from '../../lib/entity.js';

export const settingsEntity = defineEntity({
  table: 'businessSettings',
  label: 'Settings',
  activity: { type: 'settings', label: () => 'Settings' },
});
