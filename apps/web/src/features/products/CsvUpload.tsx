import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@chakra-ui/react';
import { LuFileUp } from 'react-icons/lu';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { countsSummary } from './importSummary';
import type { ImportResult } from './types';

// The dialog's machine and the preview's tables are not part of the products list's first load.
const CsvPreviewDialog = lazy(() =>
  import('./CsvPreviewDialog').then((module) => ({ default: module.CsvPreviewDialog })),
);

/** The server refuses larger uploads (catalogCsvSchema); say so before sending 4 MB for nothing. */
const MAX_BYTES = 4_000_000;

export interface Upload {
  fileName: string;
  csv: string;
  rows: number;
  preview: ImportResult;
}

/**
 * 'Upload CSV': pick a catalogue CSV (the import feed's format), see what it would create,
 * update or leave alone, and the rows it cannot take, then apply it in one transaction.
 */
export function CsvUploadButton() {
  const utils = trpc.useUtils();
  const input = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [open, setOpen] = useState(false);
  // The preview dialog loads with the first file read, and stays mounted to animate out.
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);

  const preview = trpc.products.previewCsv.useMutation({
    onError: (error) =>
      notify.error('Error', `Failed to read the CSV file: ${errorMessage(error)}`),
  });
  const apply = trpc.products.importCsv.useMutation({
    onSuccess: async (result) => {
      if (result.errors.length) {
        // The catalogue changed since the preview: show the rows as they stand now.
        setUpload((current) => (current ? { ...current, preview: result } : current));
        notify.error('Import failed', 'Failed to import products. Please try again.');
        return;
      }
      setOpen(false);
      notify.success(countsSummary(result), `${upload?.fileName ?? 'CSV'} imported successfully!`);
      await utils.products.invalidate();
    },
    onError: (error) =>
      notify.error('Import failed', `Failed to import products: ${errorMessage(error)}`),
  });

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_BYTES) {
      notify.error('Error', 'The CSV file must be at most 4 MB.');
      return;
    }
    const csv = await file.text();
    const rows = Math.max(
      0,
      csv.split(/\r\n|\n|\r/).filter((line) => line.trim() !== '').length - 1,
    );
    preview.mutate(
      { csv },
      {
        onSuccess: (result) => {
          setUpload({ fileName: file.name, csv, rows, preview: result });
          setOpen(true);
        },
      },
    );
  };

  const applying = apply.isPending;

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        data-testid="csv-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Picking the same file again must fire another change.
          event.target.value = '';
          void choose(file);
        }}
      />
      <Button
        variant="outline"
        colorPalette="gray"
        bg="bg.panel"
        loading={preview.isPending}
        loadingText="Reading..."
        onClick={() => input.current?.click()}
      >
        <LuFileUp /> Upload CSV
      </Button>

      {used ? (
        <Suspense fallback={null}>
          <CsvPreviewDialog
            open={open}
            setOpen={setOpen}
            upload={upload}
            applying={applying}
            onApply={() => upload && apply.mutate({ csv: upload.csv })}
          />
        </Suspense>
      ) : null}
    </>
  );
}
