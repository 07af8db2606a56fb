import { defineEntity } from '../../lib/entity.js';

export const apiTokenEntity = defineEntity({
  table: 'apiTokens',
  label: 'API token',
  activity: { type: 'apiToken', label: (s) => s.name },
});
