import { createFileRoute } from '@tanstack/react-router';
import { listLoader } from '../../../features/lists/route';
import { pharmaciesList } from '../../../features/pharmacies/list';
import { PharmaciesPage } from '../../../features/pharmacies/PharmaciesPage';

export const Route = createFileRoute('/_app/pharmacies/')({
  validateSearch: pharmaciesList.search,
  loaderDeps: ({ search }) => search,
  loader: listLoader(pharmaciesList.query),
  component: PharmaciesPage,
});
