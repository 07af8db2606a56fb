import { useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  chakra,
  Field,
  Flex,
  Grid,
  GridItem,
  Input,
  NativeSelect,
  Separator,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useFieldArray, useForm, useWatch, type FieldPath, type Resolver } from 'react-hook-form';
import { LuPlus } from 'react-icons/lu';
import {
  formOrderTotalCents,
  formatUsd,
  isOrderEditable,
  ORDER_STATUS_PALETTE,
  orderSchema,
  SHIPPING_METHODS,
  todayIso,
  type OrderData,
  type OrderInput,
  type CreditHold,
} from '@pharm/validators';
import { DraftFormFooter } from '../../components/DraftFormFooter';
import { SectionCard } from '../../components/SectionCard';
import { StatusBadge } from '../../components/StatusBadge';
import { errorMessage } from '../../lib/errors';
import { applyServerFieldErrors } from '../../lib/forms';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { CreditHoldBadge } from '../pharmacies/CreditHoldBadge';
import { itemsLabel, type OrderDetails } from './format';
import { isCreditHoldRefusal, useHoldOverride } from './HoldOverride';
import { LineItemsTable } from './LineItemsTable';
import {
  blankLine,
  canSaveDraft,
  toFormLines,
  type OrderFormValues,
  type ProductOption,
} from './lineItems';
import { useSavedAgo } from './useSavedAgo';

/** Opening the new line's category selector waits for it to render (spec: after 100 ms). */
const OPEN_NEW_LINE_DELAY_MS = 100;

/** Thrown when the user cancels the credit hold override: nothing to report. */
const CANCELLED = Symbol('cancelled');

function toFormValues(
  order: OrderDetails | undefined,
  products: readonly ProductOption[],
): OrderFormValues {
  return {
    pharmacyId: order?.pharmacyId ?? 0,
    orderDate: order?.orderDate ?? todayIso(),
    shipMethod: (order?.shipMethod ?? '') as OrderInput['shipMethod'],
    notes: order?.notes ?? '',
    lineItems: order ? toFormLines(order.lineItems, products) : [blankLine()],
  };
}

function SummaryRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex justify="space-between" align="baseline" gap="4" textStyle="sm">
      <Text color="fg.muted">{label}</Text>
      <Box fontWeight="medium" fontVariantNumeric="tabular-nums" textAlign="end">
        {children}
      </Box>
    </Flex>
  );
}

/**
 * Create (no `order`) or edit an order. Save Draft creates the order once and updates it after;
 * 'Create Order' sends a saved draft (status Sent) or creates the order; on success → /orders.
 */
export function OrderForm({
  order,
  products,
  pharmacies,
}: {
  order?: OrderDetails;
  products: ProductOption[];
  pharmacies: readonly { id: number; name: string; creditHold: CreditHold }[];
}) {
  const isEdit = order !== undefined;
  const locked = order !== undefined && !isOrderEditable(order.status);
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [draftId, setDraftId] = useState<number | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const savedAgo = useSavedAgo(savedAt);

  const form = useForm<OrderFormValues, unknown, OrderData>({
    // The schema strips the form-only `category` of each line.
    resolver: zodResolver(orderSchema) as unknown as Resolver<OrderFormValues, unknown, OrderData>,
    defaultValues: toFormValues(order, products),
  });
  const {
    control,
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const lineArray = useFieldArray({ control, name: 'lineItems' });
  const lines = useWatch({ control, name: 'lineItems' });
  const totalCents = formOrderTotalCents(lines);
  const itemCount = lines.reduce(
    (sum, line) => sum + (Number.isInteger(line.qty) && line.qty > 0 ? line.qty : 0),
    0,
  );

  const holdOverride = useHoldOverride();
  const pharmacyId = useWatch({ control, name: 'pharmacyId' });
  const hold = pharmacies.find((pharmacy) => pharmacy.id === pharmacyId)?.creditHold ?? null;
  const create = trpc.orders.create.useMutation();
  const update = trpc.orders.update.useMutation();
  const [savingDraft, setSavingDraft] = useState(false);

  const fieldPaths = (): FieldPath<OrderFormValues>[] => [
    'pharmacyId',
    'orderDate',
    'shipMethod',
    'notes',
    'lineItems',
    ...getValues('lineItems').flatMap((_, i) =>
      (['description', 'qty', 'unitPrice', 'productSku', 'variantSku'] as const).map(
        (field) => `lineItems.${i}.${field}` as const,
      ),
    ),
  ];

  const addLine = () => {
    const index = getValues('lineItems').length;
    lineArray.append(blankLine(), { shouldFocus: false });
    setTimeout(() => {
      const select = document.querySelector<HTMLSelectElement>(
        `select[name="lineItems.${index}.category"]`,
      );
      select?.focus();
      try {
        select?.showPicker();
      } catch {
        // Browsers without showPicker() on selects, or without a user gesture: focus is enough.
      }
    }, OPEN_NEW_LINE_DELAY_MS);
  };

  const saveDraft = async () => {
    const values = getValues();
    if (!canSaveDraft(values.pharmacyId, values.lineItems)) {
      notify.error('Cannot save', 'Please select a pharmacy and add at least one item.');
      return;
    }
    // Lines nobody described yet are not part of the draft.
    const data = {
      ...values,
      lineItems: values.lineItems.filter((line) => line.description?.trim()),
    };
    const id = order?.id ?? draftId;
    setSavingDraft(true);
    try {
      const saved = id ? await update.mutateAsync({ id, data }) : await create.mutateAsync(data);
      setDraftId(saved.id);
      setSavedAt(Date.now());
      notify.success('Your order draft has been saved successfully.', 'Draft saved');
      await utils.orders.invalidate();
    } catch (error) {
      applyServerFieldErrors(error, setError, fieldPaths());
      notify.error('Save failed', 'There was an error saving your order draft.');
    } finally {
      setSavingDraft(false);
    }
  };

  /** Sends the saved draft; a credit hold asks for the reason to override it. */
  const send = async (id: number, data: OrderData) => {
    try {
      await update.mutateAsync({ id, data: { ...data, status: 'Sent' } });
    } catch (error) {
      if (!isCreditHoldRefusal(error)) throw error;
      const reason = await holdOverride.ask(errorMessage(error));
      if (reason === null) throw CANCELLED;
      await update.mutateAsync({
        id,
        data: { ...data, status: 'Sent', holdOverrideReason: reason },
      });
    }
  };

  const onSubmit = handleSubmit(async (data) => {
    try {
      if (order) await update.mutateAsync({ id: order.id, data });
      else if (draftId !== null) await send(draftId, data);
      else await create.mutateAsync(data);
    } catch (error) {
      if (error === CANCELLED) return;
      applyServerFieldErrors(error, setError, fieldPaths());
      notify.error(
        'Error',
        `Failed to ${isEdit ? 'update' : 'create'} order: ${errorMessage(error)}`,
      );
      return;
    }
    notify.success(isEdit ? 'Order updated successfully' : 'Order created successfully');
    await utils.orders.invalidate();
    await navigate({ to: '/orders' });
  });

  const showSaveDraft = !order || order.status === 'Draft';

  return (
    <chakra.form onSubmit={onSubmit} noValidate data-testid="order-form">
      <Stack gap="5">
        {locked ? (
          <Alert.Root status="warning" rounded="lg">
            <Alert.Indicator />
            <Alert.Title>
              This order is {order?.status.toLowerCase()} and can no longer be edited.
            </Alert.Title>
          </Alert.Root>
        ) : null}

        <Grid
          templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 300px' }}
          gap="5"
          alignItems="start"
        >
          <SectionCard
            title="Order Details"
            description="Who the order is for, when, and how it ships."
          >
            <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="5">
              <GridItem colSpan={{ md: 3 }}>
                <Field.Root invalid={!!errors.pharmacyId} required>
                  <Field.Label>
                    Pharmacy <Field.RequiredIndicator />
                  </Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field {...register('pharmacyId', { valueAsNumber: true })}>
                      <option value={0}>Select a pharmacy</option>
                      {pharmacies.map((pharmacy) => (
                        <option key={pharmacy.id} value={pharmacy.id}>
                          {pharmacy.creditHold ? `${pharmacy.name} (credit hold)` : pharmacy.name}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  {hold ? (
                    <Field.HelperText color="red.600" data-testid="order-pharmacy-hold">
                      <CreditHoldBadge hold={hold} me="2" size="sm" />
                      {hold.reason}; sending this order needs an override reason.
                    </Field.HelperText>
                  ) : null}
                  <Field.ErrorText>{errors.pharmacyId?.message}</Field.ErrorText>
                </Field.Root>
              </GridItem>
              <Field.Root invalid={!!errors.orderDate} required>
                <Field.Label>
                  Order date <Field.RequiredIndicator />
                </Field.Label>
                <Input type="date" {...register('orderDate')} />
                <Field.ErrorText>{errors.orderDate?.message}</Field.ErrorText>
              </Field.Root>
              <GridItem colSpan={{ md: 2 }}>
                <Field.Root invalid={!!errors.shipMethod}>
                  <Field.Label>Shipping method</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field {...register('shipMethod')}>
                      <option value="">Not specified</option>
                      {SHIPPING_METHODS.map((method) => (
                        <option key={method} value={method}>
                          {method}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  <Field.ErrorText>{errors.shipMethod?.message}</Field.ErrorText>
                </Field.Root>
              </GridItem>
              <GridItem colSpan={{ md: 3 }}>
                <Field.Root invalid={!!errors.notes}>
                  <Field.Label>Notes</Field.Label>
                  <Textarea
                    rows={2}
                    autoresize
                    placeholder="Delivery instructions, lot requirements, ..."
                    {...register('notes')}
                  />
                  <Field.ErrorText>{errors.notes?.message}</Field.ErrorText>
                </Field.Root>
              </GridItem>
            </Grid>
          </SectionCard>

          <SectionCard title="Order Summary">
            <Stack gap="3" data-testid="order-summary">
              {order ? <SummaryRow label="Order #">{order.orderNumber}</SummaryRow> : null}
              <SummaryRow label="Status">
                <StatusBadge status={order?.status ?? 'Draft'} colors={ORDER_STATUS_PALETTE} />
              </SummaryRow>
              <SummaryRow label="Line items">{lines.length}</SummaryRow>
              <SummaryRow label="Quantity">{itemsLabel(itemCount)}</SummaryRow>
              <Separator />
              <Flex justify="space-between" align="baseline">
                <Text fontWeight="semibold" color="ink.900">
                  Total
                </Text>
                <Text
                  textStyle="2xl"
                  fontWeight="semibold"
                  color="ink.900"
                  fontVariantNumeric="tabular-nums"
                  data-testid="order-total"
                >
                  {formatUsd(totalCents)}
                </Text>
              </Flex>
              <Text textStyle="xs" color="fg.muted">
                USD. Line totals are recomputed by the server when the order is saved.
              </Text>
            </Stack>
          </SectionCard>
        </Grid>

        <SectionCard
          title="Line Items"
          description="Pick a category, then a product and a variant; or type a description."
          actions={
            <Button type="button" size="sm" variant="outline" onClick={addLine} disabled={locked}>
              <LuPlus /> Add Item
            </Button>
          }
        >
          <LineItemsTable form={form} lineArray={lineArray} products={products} />
          {errors.lineItems?.message ? (
            <Text color="fg.error" textStyle="sm" mt="2">
              {errors.lineItems.message}
            </Text>
          ) : null}
        </SectionCard>

        <DraftFormFooter
          cancelTo="/orders"
          noun="Order"
          isEdit={isEdit}
          savedAgo={savedAgo}
          showSaveDraft={showSaveDraft}
          onSaveDraft={() => void saveDraft()}
          savingDraft={savingDraft}
          submitting={isSubmitting}
          submitDisabled={locked}
        />
      </Stack>
      {holdOverride.dialog}
    </chakra.form>
  );
}
