import { httpError } from './errors';

/** The file's bytes as base64, read in the browser. */
function toBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * Uploads a file as `{ fileName, contentBase64 }` to a REST path (a licence's scan, a lot's
 * certificate): those paths alone take a body large enough for a 5 MiB file in base64, the tRPC
 * path keeping the server's 5 MiB limit. A file above `maxBytes` is refused before it is read,
 * with `tooLarge` as the message; a refusal of the server throws its message.
 */
export async function uploadFile(
  path: string,
  file: File,
  { maxBytes, tooLarge }: { maxBytes: number; tooLarge: string },
): Promise<void> {
  if (file.size > maxBytes) throw new Error(tooLarge);
  const response = await fetch(path, {
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
