import { createFileRoute } from '@tanstack/react-router';
import { RecallsPage } from '../../../features/recalls/RecallsPage';
import { recallsSearch } from '../../../features/recalls/search';

export const Route = createFileRoute('/_app/recalls/')({
  validateSearch: recallsSearch,
  component: RecallsPage,
});
