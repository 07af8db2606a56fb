import { LOT_CERTIFICATE_MAX_BYTES } from '@pharm/validators';
import { uploadFile } from '../../lib/upload';

/** Uploads a lot's certificate of analysis (a PDF of at most 5 MiB). */
export function uploadLotCertificate(lotId: number, file: File): Promise<void> {
  return uploadFile(`/api/lots/${lotId}/certificate`, file, {
    maxBytes: LOT_CERTIFICATE_MAX_BYTES,
    tooLarge: 'The certificate must be at most 5 MiB',
  });
}
