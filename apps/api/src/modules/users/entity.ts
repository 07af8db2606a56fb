import { defineEntity } from '../../lib/entity.js';

/** Users are keyed by uuid; the activity log names them by their `number`. */
export const userEntity = defineEntity({
  table: 'users',
  label: 'User',
  activity: { type: 'user', label: (s) => s.email },
});
