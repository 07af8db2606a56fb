import { createFileRoute } from '@tanstack/react-router';
import { OutboxPage } from '../../../features/emails/OutboxPage';

export const Route = createFileRoute('/_app/outbox/')({
  component: OutboxPage,
});
