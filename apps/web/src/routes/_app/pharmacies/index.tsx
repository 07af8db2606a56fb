import { createFileRoute } from '@tanstack/react-router';
import { listLoader } from '../../../features/lists/route';
import { pharmaciesList, pharmaciesSearch } from '../../../features/pharmacies/list';
import { PharmaciesPage } from '../../../features/pharmacies/PharmaciesPage';

export const Route = createFileRoute('/_app/pharmacies/')({
  validateSearch: pharmaciesSearch,
  loaderDeps: ({ search }) => search,
  loader: listLoader(pharmaciesList),
  component: PharmaciesPage,
});
