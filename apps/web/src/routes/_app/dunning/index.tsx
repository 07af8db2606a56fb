import { createFileRoute } from '@tanstack/react-router';
import { DunningPage } from '../../../features/dunning/DunningPage';

export const Route = createFileRoute('/_app/dunning/')({
  component: DunningPage,
});
