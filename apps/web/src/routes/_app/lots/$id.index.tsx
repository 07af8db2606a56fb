import { createFileRoute } from '@tanstack/react-router';
import { LotPage } from '../../../features/lots/LotPage';
import { recordLoader } from '../../../features/records/route';
import { api } from '../../../lib/api';
import { idParams } from '../../../lib/params';

export const Route = createFileRoute('/_app/lots/$id/')({
  params: idParams,
  loader: recordLoader((id) => api.lots.get.queryOptions({ id })),
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return <LotPage key={id} id={id} />;
}
