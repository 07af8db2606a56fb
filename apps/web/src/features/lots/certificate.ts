import { LOT_CERTIFICATE_MAX_BYTES } from '@pharm/validators';
import { httpError } from '../../lib/errors';

function toBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * Uploads a lot's certificate of analysis through its REST path, which alone takes a body large
 * enough for a 5 MiB file in base64.
 */
export async function uploadLotCertificate(lotId: number, file: File): Promise<void> {
  if (file.size > LOT_CERTIFICATE_MAX_BYTES) {
    throw new Error('The certificate must be at most 5 MiB');
  }
  const response = await fetch(`/api/lots/${lotId}/certificate`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fileName: file.name, contentBase64: await toBase64(file) }),
  });
  if (!response.ok) {
    const error = await httpError(response);
    let message = error.message;
    try {
      message = (JSON.parse(error.body) as { message?: string }).message ?? message;
    } catch {
      // Not JSON (a proxy's page): the status line is the message.
    }
    throw new Error(message);
  }
}
