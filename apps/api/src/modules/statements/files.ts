import { defineFiles, pathId } from '../../lib/http/files.js';
import { statementFilename, statementPdf } from './pdf.js';

export const statementFiles = defineFiles([
  {
    path: '/api/pharmacies/:id/statement.pdf',
    summary: "A pharmacy's statement of account for a period, as PDF",
    type: 'pdf',
    inline: true,
    send: async (c, r, heavyWork) => {
      const id = pathId(r);
      const statement = await c.statements.get({ id, from: r.query.from, to: r.query.to });
      const billTo = await c.pharmacies.get({ id });
      return {
        filename: statementFilename(statement),
        body: await heavyWork.run(statementPdf, { statement, billTo }),
      };
    },
  },
]);
