import { createFileRoute } from '@tanstack/react-router';
import { NewPharmacyPage } from '../../../features/pharmacies/PharmacyFormPage';

export const Route = createFileRoute('/_app/pharmacies/new')({
  component: NewPharmacyPage,
});
