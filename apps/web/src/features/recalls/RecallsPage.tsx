import { useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  CloseButton,
  Dialog,
  Grid,
  HStack,
  Input,
  NativeSelect,
  Portal,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { LuDownload, LuPlus } from 'react-icons/lu';
import {
  formatDate,
  LOT_STATUS_LABELS,
  RECALL_CLASSES,
  recallCreateSchema,
  type RecallClass,
} from '@pharm/validators';
import { DialogActions } from '../../components/DialogActions';
import { FormField } from '../../components/FormField';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage, serverFieldErrors } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { Can } from '../auth/can';
import { exportHref } from '../lists/ExportCsvButton';
import { RecallTabs } from '../recall/RecallTabs';
import { RecallProgress } from './RecallProgress';

const routeApi = getRouteApi('/_app/recalls/');

const STATUS_TABS = [
  { value: undefined, label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
] as const;

/**
 * The recalls (issue 30), newest first, each with its lots and how many pharmacies have
 * acknowledged; "New recall" picks lots and opens one (accountants and admins).
 */
export function RecallsPage() {
  const { status, newLot } = routeApi.useSearch();
  const navigate = useNavigate();
  const list = trpc.recalls.list.useQuery(status ? { status } : {});
  const [creating, setCreating] = useState(newLot !== undefined);

  return (
    <>
      <PageHeader
        title="Recalls"
        description="Recalls of lots: the pharmacies that received them, each notified and acknowledging."
        actions={
          <HStack gap="2">
            <Button variant="outline" colorPalette="gray" bg="bg.panel" asChild>
              <a
                href={exportHref('/api/recalls.csv', status ? { status } : {})}
                download
                data-testid="recalls-csv"
              >
                <LuDownload /> Export CSV
              </a>
            </Button>
            <Can permission="recalls.write">
              <Button onClick={() => setCreating(true)} data-testid="new-recall">
                <LuPlus /> New Recall
              </Button>
            </Can>
          </HStack>
        }
      />
      <RecallTabs current="/recalls" />
      <HStack gap="2" mb="4" role="tablist" aria-label="Recall status">
        {STATUS_TABS.map((tab) => (
          <Button
            key={tab.label}
            size="sm"
            role="tab"
            aria-selected={status === tab.value}
            variant={status === tab.value ? 'solid' : 'outline'}
            colorPalette={status === tab.value ? undefined : 'gray'}
            onClick={() =>
              void navigate({ to: '/recalls', search: tab.value ? { status: tab.value } : {} })
            }
          >
            {tab.label}
          </Button>
        ))}
      </HStack>
      <Card.Root>
        {list.isPending ? (
          <Text p="5" color="fg.muted">
            Loading recalls…
          </Text>
        ) : list.isError ? (
          <Text p="5" color="fg.error" role="alert">
            Failed to load recalls: {errorMessage(list.error)}
          </Text>
        ) : list.data.length === 0 ? (
          <Text p="5" color="fg.muted" data-testid="recalls-empty">
            No recalls{status ? ` ${status}` : ''}.
          </Text>
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm" aria-label="Recalls" data-testid="recalls-table">
              <Table.Header>
                <Table.Row bg="bg.subtle">
                  <Table.ColumnHeader ps="5">Recall</Table.ColumnHeader>
                  <Table.ColumnHeader>Class</Table.ColumnHeader>
                  <Table.ColumnHeader>Lots</Table.ColumnHeader>
                  <Table.ColumnHeader display={{ base: 'none', md: 'table-cell' }}>
                    Initiated
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>Acknowledged</Table.ColumnHeader>
                  <Table.ColumnHeader pe="5">Status</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.data.map((recall) => (
                  <Table.Row key={recall.id} data-testid={`recall-row-${recall.id}`}>
                    <Table.Cell ps="5">
                      <Text asChild fontWeight="semibold" color="brand.fg">
                        <Link to="/recalls/$id" params={{ id: recall.id }}>
                          {recall.number}
                        </Link>
                      </Text>
                      <Text textStyle="xs" color="fg.muted" lineClamp={1} maxW="xs">
                        {recall.reason}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>{recall.class}</Table.Cell>
                    <Table.Cell>{recall.lotNumbers.join(', ')}</Table.Cell>
                    <Table.Cell display={{ base: 'none', md: 'table-cell' }} whiteSpace="nowrap">
                      {formatDate(recall.initiatedOn)}
                    </Table.Cell>
                    <Table.Cell minW="40">
                      <RecallProgress progress={recall.progress} />
                    </Table.Cell>
                    <Table.Cell pe="5">
                      <Badge colorPalette={recall.closedOn ? 'gray' : 'red'} rounded="full">
                        {recall.closedOn ? `Closed ${formatDate(recall.closedOn)}` : 'Open'}
                      </Badge>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Card.Root>
      <NewRecallDialog
        open={creating}
        initialLot={newLot}
        onClose={() => {
          setCreating(false);
          if (newLot !== undefined) {
            void navigate({ to: '/recalls', search: status ? { status } : {}, replace: true });
          }
        }}
      />
    </>
  );
}

/**
 * Opens a recall: lots picked from the lots list (searched by lot number or SKU), a class and a
 * reason. Saved, it goes to the recall's page.
 */
function NewRecallDialog({
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
                      ) : lots.data.length === 0 ? (
                        <Text p="3" color="fg.muted" textStyle="sm">
                          No lots match.
                        </Text>
                      ) : (
                        lots.data.map((lot) => (
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
