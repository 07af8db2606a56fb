import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../components/PageHeader';

export const Route = createFileRoute('/_app/products/')({
  component: Page,
});

function Page() {
  return <PageHeader title="Products" />;
}
