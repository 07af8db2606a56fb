import { createFileRoute } from '@tanstack/react-router';
import { RecallPage } from '../../../features/recall/RecallPage';
import { recallSearch } from '../../../features/recall/search';

export const Route = createFileRoute('/_app/recall/')({
  validateSearch: recallSearch,
  component: RecallPage,
});
