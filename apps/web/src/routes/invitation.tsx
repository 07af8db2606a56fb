import { createFileRoute } from '@tanstack/react-router';
import { InvitationPage } from '../features/users/InvitationPage';

/** Public: an invitee has no session yet (the token is in the link's fragment). */
export const Route = createFileRoute('/invitation')({
  component: InvitationPage,
});
