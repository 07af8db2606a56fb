import { createFileRoute } from '@tanstack/react-router';
import { RecallRecordPage } from '../../../features/recalls/RecallRecordPage';
import { recordLoader } from '../../../features/records/route';
import { api } from '../../../lib/api';
import { idParams } from '../../../lib/params';

export const Route = createFileRoute('/_app/recalls/$id/')({
  params: idParams,
  loader: recordLoader((id) => api.recalls.get.queryOptions({ id })),
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return <RecallRecordPage key={id} id={id} />;
}
