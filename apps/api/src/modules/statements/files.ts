import { statementQuery } from '@pharm/validators';
import { defineFiles, fileRoute } from '../../lib/http/files.js';
import { statementFilename, statementPdf } from './pdf.js';

export const statementFiles = defineFiles([
  fileRoute({
    path: '/api/pharmacies/:id/statement.pdf',
    permission: 'reports.read',
    summary: "A pharmacy's statement of account for a period, as PDF",
    type: 'pdf',
    input: statementQuery,
    inline: true,
    send: async (c, input, heavyWork) => {
      const statement = await c.statements.get(input);
      const billTo = await c.pharmacies.get({ id: input.id });
      return {
        filename: statementFilename(statement),
        body: await heavyWork.run(statementPdf, { statement, billTo }),
      };
    },
  }),
]);
