import { FormSkeleton, RecordFormPage } from '../../components/RecordFormPage';
import { trpc } from '../../lib/trpc';
import { PharmacyForm } from './PharmacyForm';

const back = { to: '/pharmacies', label: 'Back to Pharmacies' } as const;

export function NewPharmacyPage() {
  return (
    <RecordFormPage
      back={back}
      title="New Pharmacy"
      description="Add a pharmacy customer to order and invoice for."
    >
      <PharmacyForm />
    </RecordFormPage>
  );
}

export function EditPharmacyPage({ id }: { id: number }) {
  const pharmacy = trpc.pharmacies.get.useQuery({ id });
  return (
    <RecordFormPage
      back={back}
      title="Edit Pharmacy"
      description={pharmacy.data ? pharmacy.data.name : 'Update the pharmacy’s details.'}
      load={pharmacy}
      loadError="Failed to load pharmacy"
      skeleton={<FormSkeleton fields={8} tall={3} />}
    >
      {(data) => <PharmacyForm key={data.id} pharmacy={data} />}
    </RecordFormPage>
  );
}
