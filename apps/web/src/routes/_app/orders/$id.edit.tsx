import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../components/PageHeader';
import { idParams } from '../../../lib/params';

export const Route = createFileRoute('/_app/orders/$id/edit')({
  params: idParams,
  component: Page,
});

function Page() {
  return <PageHeader title="Edit Order" />;
}
