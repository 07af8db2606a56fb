import { defineModule } from '../../lib/module.js';
import { creditNoteFiles } from './files.js';
import { creditNotePdf } from './pdf.js';
import { creditNotesRouter } from './router.js';
import { creditNoteSearch } from './search.js';

export const creditNotesModule = defineModule({
  name: 'creditNotes',
  description: 'Credit notes: returns and credits, applied to invoices or refunded',
  router: creditNotesRouter,
  constraints: {
    credit_notes_credit_note_number_key: {
      code: 'DUPLICATE',
      path: ['number'],
      message: () => 'This credit note number is already taken',
    },
    credit_notes_amount_check: {
      code: 'INVALID',
      path: ['amount'],
      message: () => 'Amount must be greater than 0',
    },
    credit_notes_total_check: {
      code: 'INVALID',
      path: ['amount'],
      message: () => 'Total must be the amount plus tax',
    },
    credit_note_lines_qty_check: {
      code: 'INVALID',
      path: ['qty'],
      message: () => 'Quantity must be at least 1',
    },
  },
  files: creditNoteFiles,
  jobs: [creditNotePdf],
  search: creditNoteSearch,
});
