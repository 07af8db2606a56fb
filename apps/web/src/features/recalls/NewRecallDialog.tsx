import { useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Grid,
  Input,
  NativeSelect,
  Portal,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import {
  formatDate,
  LOT_STATUS_LABELS,
  RECALL_CLASSES,
  recallCreateSchema,
  type RecallClass,
} from '@pharm/validators';
import { DialogActions } from '../../components/DialogActions';
import { FormField } from '../../components/FormField';
import { errorMessage, serverFieldErrors } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';

/**
 * Opens a recall: lots picked from the lots list (searched by lot number or SKU), a class and a
 * reason. Saved, it goes to the recall's page.
 */
export function NewRecallDialog({
  open,
  initialLot,
  onClose,
}: {
  open: boolean;
  initialLot: number | undefined;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState<number[]>(initialLot ? [initialLot] : []);
  const [klass, setKlass] = useState<RecallClass>('II');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [openedWith, setOpenedWith] = useState<number | undefined | null>(null);
  // Each opening starts afresh, with the lot it was opened for.
  if (open && openedWith !== (initialLot ?? undefined)) {
    setOpenedWith(initialLot ?? undefined);
    setPicked(initialLot ? [initialLot] : []);
    setQ('');
    setReason('');
    setErrors({});
  }
  if (!open && openedWith !== null) setOpenedWith(null);
  const lots = trpc.lots.list.useQuery(q.trim() ? { q: q.trim() } : {}, { enabled: open });
  const create = trpc.recalls.create.useMutation();

  const toggle = (id: number, on: boolean) =>
    setPicked((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));

  const save = async () => {
    const parsed = recallCreateSchema.safeParse({ lotIds: picked, reason, class: klass });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
        ),
      );
      return;
    }
    try {
      const recall = await create.mutateAsync(parsed.data);
      notify.success(
        `Recall ${recall.number} opened: ${recall.pharmacies.length} ${recall.pharmacies.length === 1 ? 'pharmacy' : 'pharmacies'} to notify`,
      );
      await Promise.all([utils.recalls.invalidate(), utils.lots.invalidate()]);
      onClose();
      void navigate({ to: '/recalls/$id', params: { id: recall.id } });
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors(fields);
      if (!Object.keys(fields).length) notify.error('Error', errorMessage(error));
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      size="lg"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="new-recall-dialog">
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void save();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>New recall</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <FormField label="Lots" error={errors.lotIds} required>
                    <Input
                      name="lotSearch"
                      placeholder="Find a lot by number or SKU"
                      value={q}
                      onChange={(e) => setQ(e.target.value)}
                    />
                    <Box
                      mt="2"
                      borderWidth="1px"
                      rounded="md"
                      maxH="52"
                      overflowY="auto"
                      w="full"
                      data-testid="recall-lot-picker"
                    >
                      {lots.isPending ? (
                        <Text p="3" color="fg.muted" textStyle="sm">
                          Loading lots…
                        </Text>
                      ) : lots.isError ? (
                        <Text p="3" color="fg.error" textStyle="sm">
                          {errorMessage(lots.error)}
                        </Text>
                      ) : lots.data.items.length === 0 ? (
                        <Text p="3" color="fg.muted" textStyle="sm">
                          No lots match.
                        </Text>
                      ) : (
                        lots.data.items.map((lot) => (
                          <Checkbox.Root
                            key={lot.id}
                            px="3"
                            py="1.5"
                            w="full"
                            checked={picked.includes(lot.id)}
                            onCheckedChange={(d) => toggle(lot.id, d.checked === true)}
                            data-testid={`recall-lot-${lot.id}`}
                          >
                            <Checkbox.HiddenInput name={`lot-${lot.id}`} />
                            <Checkbox.Control />
                            <Checkbox.Label fontWeight="normal">
                              <Text as="span" fontWeight="semibold">
                                {lot.lotNumber}
                              </Text>{' '}
                              · {lot.variantSku ?? lot.productSku} · expires{' '}
                              {formatDate(lot.expiryDate)} · {LOT_STATUS_LABELS[lot.status]}
                            </Checkbox.Label>
                          </Checkbox.Root>
                        ))
                      )}
                      {lots.data?.nextCursor ? (
                        <Text p="3" color="fg.muted" textStyle="sm">
                          More lots: type to narrow the list.
                        </Text>
                      ) : null}
                    </Box>
                    <Text textStyle="xs" color="fg.muted">
                      {picked.length} {picked.length === 1 ? 'lot' : 'lots'} chosen
                    </Text>
                  </FormField>
                  <Grid templateColumns={{ base: '1fr', sm: '10rem 1fr' }} gap="4">
                    <FormField label="Class" error={errors.class} required>
                      <NativeSelect.Root>
                        <NativeSelect.Field
                          name="class"
                          value={klass}
                          onChange={(e) => setKlass(e.target.value as RecallClass)}
                        >
                          {RECALL_CLASSES.map((c) => (
                            <option key={c} value={c}>
                              Class {c}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </FormField>
                    <FormField label="Reason" error={errors.reason} required>
                      <Textarea
                        name="reason"
                        rows={3}
                        value={reason}
                        onChange={(e) => setReason(e.target.value)}
                      />
                    </FormField>
                  </Grid>
                  <Text textStyle="sm" color="fg.muted">
                    Opening the recall marks these lots recalled at once: no order or invoice can
                    ship them again.
                  </Text>
                </Stack>
              </Dialog.Body>
              <DialogActions disabled={create.isPending}>
                <Button type="submit" colorPalette="red" loading={create.isPending}>
                  Open Recall
                </Button>
              </DialogActions>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" colorPalette="gray" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
