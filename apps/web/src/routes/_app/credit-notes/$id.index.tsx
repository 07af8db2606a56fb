import { createFileRoute } from '@tanstack/react-router';
import { CreditNotePage } from '../../../features/credit-notes/CreditNotePage';
import { recordLoader } from '../../../features/records/route';
import { api } from '../../../lib/api';
import { idParams } from '../../../lib/params';

export const Route = createFileRoute('/_app/credit-notes/$id/')({
  params: idParams,
  loader: recordLoader((id) => api.creditNotes.get.queryOptions({ id })),
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return <CreditNotePage key={id} id={id} />;
}
