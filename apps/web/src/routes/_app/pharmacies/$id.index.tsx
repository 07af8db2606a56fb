import { createFileRoute } from '@tanstack/react-router';
import { PharmacyPage } from '../../../features/pharmacies/PharmacyPage';
import { recordLoader } from '../../../features/records/route';
import { api } from '../../../lib/api';
import { idParams } from '../../../lib/params';

export const Route = createFileRoute('/_app/pharmacies/$id/')({
  params: idParams,
  loader: recordLoader((id) => api.pharmacies.get.queryOptions({ id })),
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return <PharmacyPage key={id} id={id} />;
}
