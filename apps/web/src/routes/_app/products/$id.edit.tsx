import { createFileRoute } from '@tanstack/react-router';
import { EditProductPage } from '../../../features/products/ProductFormPage';
import { idParams } from '../../../lib/params';

export const Route = createFileRoute('/_app/products/$id/edit')({
  params: idParams,
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return <EditProductPage key={id} id={id} />;
}
