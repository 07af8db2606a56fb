import { LICENCE_DOCUMENT_MAX_BYTES } from '@pharm/validators';
import { uploadFile } from '../../lib/upload';

/** Uploads a licence's scan (PDF, PNG or JPEG of at most 5 MiB). */
export function uploadLicenceDocument(licenceId: number, file: File): Promise<void> {
  return uploadFile(`/api/licences/${licenceId}/document`, file, {
    maxBytes: LICENCE_DOCUMENT_MAX_BYTES,
    tooLarge: 'The document must be at most 5 MiB',
  });
}
