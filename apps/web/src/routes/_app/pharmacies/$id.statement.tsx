import { createFileRoute } from '@tanstack/react-router';
import { statementSearch } from '../../../features/statements/route';
import { StatementPage } from '../../../features/statements/StatementPage';
import { idParams } from '../../../lib/params';

export const Route = createFileRoute('/_app/pharmacies/$id/statement')({
  params: idParams,
  validateSearch: statementSearch,
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  const search = Route.useSearch();
  return <StatementPage key={id} id={id} search={search} />;
}
