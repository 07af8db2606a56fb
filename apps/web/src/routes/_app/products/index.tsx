import { createFileRoute } from '@tanstack/react-router';
import { listLoader } from '../../../features/lists/route';
import { productsList } from '../../../features/products/list';
import { ProductsPage } from '../../../features/products/ProductsPage';

export const Route = createFileRoute('/_app/products/')({
  validateSearch: productsList.search,
  loaderDeps: ({ search }) => search,
  loader: listLoader(productsList.query),
  component: ProductsPage,
});
