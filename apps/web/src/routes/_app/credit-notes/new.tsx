import { createFileRoute } from '@tanstack/react-router';
import { NewCreditNotePage } from '../../../features/credit-notes/CreditNoteFormPage';
import { newCreditNoteSearch } from '../../../features/credit-notes/route';

export const Route = createFileRoute('/_app/credit-notes/new')({
  validateSearch: newCreditNoteSearch,
  component: NewCreditNotePage,
});
