import { createFileRoute } from '@tanstack/react-router';
import { reportsSearch } from '../../../features/reports/route';
import { ReportsPage } from '../../../features/reports/ReportsPage';

export const Route = createFileRoute('/_app/reports/')({
  validateSearch: reportsSearch,
  component: Page,
});

function Page() {
  return <ReportsPage search={Route.useSearch()} />;
}
