import { FormSkeleton, recordFormPages } from '../../components/RecordFormPage';
import { trpc } from '../../lib/trpc';
import { PharmacyForm } from './PharmacyForm';

export const { NewPage: NewPharmacyPage, EditPage: EditPharmacyPage } = recordFormPages({
  name: 'Pharmacy',
  back: { to: '/pharmacies', label: 'Back to Pharmacies' },
  newDescription: 'Add a pharmacy customer to order and invoice for.',
  editDescription: (pharmacy) => pharmacy?.name ?? 'Update the pharmacy’s details.',
  useRecord: (id: number) => trpc.pharmacies.get.useQuery({ id }),
  skeleton: <FormSkeleton fields={8} tall={3} />,
  form: (_, pharmacy) => <PharmacyForm pharmacy={pharmacy} />,
});
