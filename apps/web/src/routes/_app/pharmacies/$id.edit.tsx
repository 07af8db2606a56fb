import { createFileRoute } from '@tanstack/react-router';
import { EditPharmacyPage } from '../../../features/pharmacies/PharmacyFormPage';
import { idParams } from '../../../lib/params';

export const Route = createFileRoute('/_app/pharmacies/$id/edit')({
  params: idParams,
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return <EditPharmacyPage key={id} id={id} />;
}
