import { useRef } from 'react';
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
import { DialogActions } from '../../components/DialogActions';
import type { Upload } from './CsvUpload';

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

/** What an uploaded CSV would change (CsvUpload.tsx), and Apply import. */
export function CsvPreviewDialog({
  open,
  setOpen,
  upload,
  applying,
  onApply,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
  upload: Upload | null;
  applying: boolean;
  onApply: () => void;
}) {
  const applyButton = useRef<HTMLButtonElement>(null);
  const result = upload?.preview;
  const changes = result
    ? result.created + result.updated + result.variants.created + result.variants.updated
    : 0;
  return (
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
                        Importing {upload?.rows.toLocaleString('en-US')} rows in one transaction...
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
                  onClick={onApply}
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
  );
}
