import { createFileRoute } from '@tanstack/react-router';
import { listLoader } from '../../../features/lists/route';
import { productsList, productsSearch } from '../../../features/products/list';
import { ProductsPage } from '../../../features/products/ProductsPage';

export const Route = createFileRoute('/_app/products/')({
  validateSearch: productsSearch,
  loaderDeps: ({ search }) => search,
  loader: listLoader(productsList),
  component: ProductsPage,
});
