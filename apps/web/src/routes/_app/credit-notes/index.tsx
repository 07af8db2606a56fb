import { createFileRoute } from '@tanstack/react-router';
import { CreditNotesPage } from '../../../features/credit-notes/CreditNotesPage';
import { creditNotesSearch } from '../../../features/credit-notes/route';

export const Route = createFileRoute('/_app/credit-notes/')({
  validateSearch: creditNotesSearch,
  component: CreditNotesPage,
});
