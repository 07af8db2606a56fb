import { useRef, useState } from 'react';
import { errorMessage } from '../lib/errors';
import { notify } from '../lib/notify';

/**
 * One hidden file input for a list whose rows each take an upload (a licence's scan, a lot's
 * certificate): `choose(id)` opens the browser's file dialog for that row; the chosen file goes
 * to `upload`, then a toast says `success` and `onUploaded` refreshes what shows it, or a toast
 * gives the error. `input` is placed once in the list.
 */
export function useFileUpload({
  accept,
  testId,
  upload,
  success,
  onUploaded,
}: {
  accept: string;
  testId: string;
  upload: (id: number, file: File) => Promise<void>;
  success: string;
  onUploaded: () => Promise<unknown>;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const [uploadFor, setUploadFor] = useState<number | null>(null);

  const input = (
    <input
      ref={ref}
      type="file"
      accept={accept}
      hidden
      data-testid={testId}
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (!file || uploadFor === null) return;
        void upload(uploadFor, file).then(
          async () => {
            notify.success(success);
            await onUploaded();
          },
          (error: unknown) => notify.error('Error', errorMessage(error)),
        );
      }}
    />
  );
  const choose = (id: number) => {
    setUploadFor(id);
    ref.current?.click();
  };
  return { input, choose };
}
