import { idParam } from '@pharm/validators';
import { defineFiles, fileRoute } from '../../lib/http/files.js';

export const licenceFiles = defineFiles([
  fileRoute({
    path: '/api/licences/:id/document',
    summary: "The licence's scanned document as it was uploaded (PDF, PNG or JPEG)",
    type: 'scan',
    permission: 'pharmacies.read',
    inline: true,
    input: idParam,
    send: async (caller, input) => {
      const document = await caller.licences.document({ id: Number(input.id) });
      return {
        filename: document.filename,
        contentType: document.type,
        body: Buffer.from(document.contentBase64, 'base64'),
      };
    },
  }),
]);
