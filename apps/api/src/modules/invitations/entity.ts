import { defineEntity } from '../../lib/entity.js';

export const invitationEntity = defineEntity({
  table: 'invitations',
  label: 'Invitation',
  activity: { type: 'invitation', label: (s) => s.email },
});
