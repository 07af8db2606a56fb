import { useRef, useState } from 'react';
import {
  Box,
  Button,
  CloseButton,
  Dialog,
  Portal,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { LuFileUp } from 'react-icons/lu';
import { DialogActions } from '../../components/DialogActions';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { countsSummary } from './importSummary';
import type { ImportResult } from './types';

/** The server refuses larger uploads (catalogCsvSchema); say so before sending 4 MB for nothing. */
const MAX_BYTES = 4_000_000;

interface Upload {
  fileName: string;
  csv: string;
  rows: number;
  preview: ImportResult;
}

function Count({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <Box borderWidth="1px" borderColor="border.muted" rounded="lg" px="3" py="2" bg="bg.subtle">
      <Text textStyle="xs" color="fg.muted">
        {label}
      </Text>
      <Text
        textStyle="lg"
        fontWeight="semibold"
        color={value ? tone : 'fg.muted'}
        fontVariantNumeric="tabular-nums"
      >
        {value.toLocaleString('en-US')}
      </Text>
    </Box>
  );
}

function CountsRow({
  title,
  counts,
}: {
  title: string;
  counts: { created: number; updated: number; unchanged: number };
}) {
  return (
    <Box>
      <Text textStyle="sm" fontWeight="medium" mb="2">
        {title}
      </Text>
      <SimpleGrid columns={3} gap="2">
        <Count label="Created" value={counts.created} tone="green.600" />
        <Count label="Updated" value={counts.updated} tone="blue.600" />
        <Count label="Unchanged" value={counts.unchanged} />
      </SimpleGrid>
    </Box>
  );
}

/**
 * 'Upload CSV': pick a catalogue CSV (the import feed's format), see what it would create,
 * update or leave alone, and the rows it cannot take, then apply it in one transaction.
 */
export function CsvUploadButton() {
  const utils = trpc.useUtils();
  const input = useRef<HTMLInputElement>(null);
  const applyButton = useRef<HTMLButtonElement>(null);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [open, setOpen] = useState(false);

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

  const result = upload?.preview;
  const changes = result
    ? result.created + result.updated + result.variants.created + result.variants.updated
    : 0;
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

      <Dialog.Root
        open={open}
        onOpenChange={(details) => {
          if (!applying) setOpen(details.open);
        }}
        closeOnEscape={!applying}
        closeOnInteractOutside={!applying}
        initialFocusEl={() => applyButton.current}
        size="lg"
        placement="center"
        scrollBehavior="inside"
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="csv-preview">
              <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
                <Dialog.Title>Import {upload?.fileName}</Dialog.Title>
                <Text textStyle="sm" color="fg.muted">
                  {upload
                    ? `${upload.rows.toLocaleString('en-US')} row${upload.rows === 1 ? '' : 's'}. `
                    : ''}
                  Nothing is written until you apply it; then all of it is, or none.
                </Text>
              </Dialog.Header>
              <Dialog.Body>
                {result ? (
                  <Stack gap="5">
                    {result.errors.length ? (
                      <Box>
                        <Text textStyle="sm" color="fg.error" mb="2" fontWeight="medium">
                          {result.errors.length === 1
                            ? '1 row needs fixing'
                            : `${result.errors.length} rows need fixing`}{' '}
                          before this file can be imported:
                        </Text>
                        <Box
                          borderWidth="1px"
                          borderColor="border.muted"
                          rounded="lg"
                          maxH="60"
                          overflowY="auto"
                        >
                          <Table.Root size="sm" data-testid="csv-errors">
                            <Table.Header>
                              <Table.Row bg="bg.subtle">
                                <Table.ColumnHeader w="20">Row</Table.ColumnHeader>
                                <Table.ColumnHeader>Problem</Table.ColumnHeader>
                              </Table.Row>
                            </Table.Header>
                            <Table.Body>
                              {result.errors.map((error, index) => (
                                <Table.Row key={index}>
                                  <Table.Cell fontVariantNumeric="tabular-nums" verticalAlign="top">
                                    {error.row || 'File'}
                                  </Table.Cell>
                                  <Table.Cell whiteSpace="normal">{error.message}</Table.Cell>
                                </Table.Row>
                              ))}
                            </Table.Body>
                          </Table.Root>
                        </Box>
                      </Box>
                    ) : (
                      <>
                        <CountsRow title="Products" counts={result} />
                        <CountsRow title="Variants" counts={result.variants} />
                        {changes === 0 ? (
                          <Text textStyle="sm" color="fg.muted">
                            The catalogue already matches this file: there is nothing to change.
                          </Text>
                        ) : null}
                      </>
                    )}
                    {applying ? (
                      <Box data-testid="csv-progress">
                        <Progress.Root value={null} size="sm" colorPalette="brand">
                          <Progress.Track>
                            <Progress.Range />
                          </Progress.Track>
                        </Progress.Root>
                        <Text textStyle="xs" color="fg.muted" mt="2">
                          Importing {upload?.rows.toLocaleString('en-US')} rows in one
                          transaction...
                        </Text>
                      </Box>
                    ) : null}
                  </Stack>
                ) : null}
              </Dialog.Body>
              <DialogActions
                cancelLabel={result?.errors.length ? 'Close' : 'Cancel'}
                disabled={applying}
              >
                {result && !result.errors.length ? (
                  <Button
                    ref={applyButton}
                    disabled={changes === 0}
                    loading={applying}
                    loadingText="Importing..."
                    onClick={() => upload && apply.mutate({ csv: upload.csv })}
                  >
                    Apply import
                  </Button>
                ) : null}
              </DialogActions>
              <Dialog.CloseTrigger asChild disabled={applying}>
                <CloseButton size="sm" colorPalette="gray" aria-label="Close" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
