import { createFileRoute } from '@tanstack/react-router';
import { ProductPage } from '../../../features/products/ProductPage';
import { recordLoader } from '../../../features/records/route';
import { api } from '../../../lib/api';
import { idParams } from '../../../lib/params';

export const Route = createFileRoute('/_app/products/$id/')({
  params: idParams,
  loader: recordLoader((id) => api.products.get.queryOptions({ id })),
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return <ProductPage key={id} id={id} />;
}
