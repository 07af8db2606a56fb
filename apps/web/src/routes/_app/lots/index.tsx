import { createFileRoute } from '@tanstack/react-router';
import { lotsSearch } from '../../../features/lots/format';
import { LotsPage } from '../../../features/lots/LotsPage';

export const Route = createFileRoute('/_app/lots/')({
  validateSearch: lotsSearch,
  component: LotsPage,
});
