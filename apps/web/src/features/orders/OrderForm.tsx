import { Alert, Button, Field, GridItem, Input, Text } from '@chakra-ui/react';
import { useFieldArray, useForm, useWatch, type FieldPath, type Resolver } from 'react-hook-form';
import { useSearch } from '@tanstack/react-router';
import { LuPlus } from 'react-icons/lu';
import {
  formOrderTotalCents,
  formatUsd,
  isOrderEditable,
  SHIPPING_METHODS,
  todayIso,
  type OrderData,
  type OrderInput,
  type CreditHold,
} from '@pharm/validators';
import { FormField } from '../../components/FormField';
import { SectionCard } from '../../components/SectionCard';
import { applyServerFieldErrors, lazyZodResolver } from '../../lib/forms';
import { loadSchemas } from '../../lib/schemas';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import * as doc from '../documents/DocumentForm';
import { CreditHoldBadge } from '../pharmacies/CreditHoldBadge';
import { useListRefresh, useRecordSubmit } from '../lists/useRecordSubmit';
import { itemsLabel, type OrderDetails } from './format';
import { useCan } from '../auth/can';
import { useHoldOverride, withOverrides } from './HoldOverride';
import { LicenceWarning } from '../licences/LicenceWarning';
import { LineItemsTable } from './LineItemsTable';
import { ordersList } from './list';
import {
  blankLine,
  canSaveDraft,
  toFormLines,
  type OrderFormValues,
  type ProductOption,
} from './lineItems';

/** Opening the new line's category selector waits for it to render (spec: after 100 ms). */
const OPEN_NEW_LINE_DELAY_MS = 100;

function toFormValues(
  order: OrderDetails | undefined,
  products: readonly ProductOption[],
  pharmacyId: number | undefined,
): OrderFormValues {
  return {
    pharmacyId: order?.pharmacyId ?? pharmacyId ?? 0,
    orderDate: order?.orderDate ?? todayIso(),
    shipMethod: (order?.shipMethod ?? '') as OrderInput['shipMethod'],
    notes: order?.notes ?? '',
    lineItems: order ? toFormLines(order.lineItems, products) : [blankLine()],
  };
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
  const refresh = useListRefresh(ordersList);
  const draft = doc.useDraft('Order');

  // A pharmacy's 'New order' opens the new form with the pharmacy picked, while it is offered.
  const { pharmacyId: requested } = useSearch({ strict: false });
  const requestedPharmacy = isEdit
    ? undefined
    : pharmacies.find((pharmacy) => pharmacy.id === requested)?.id;

  const form = useForm<OrderFormValues, unknown, OrderData>({
    // The schema strips the form-only `category` of each line.
    resolver: lazyZodResolver(() =>
      loadSchemas().then((m) => m.orderSchema),
    ) as unknown as Resolver<OrderFormValues, unknown, OrderData>,
    defaultValues: toFormValues(order, products, requestedPharmacy),
  });
  const {
    control,
    register,
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
  const can = useCan();
  const pharmacyId = useWatch({ control, name: 'pharmacyId' });
  const hold = pharmacies.find((pharmacy) => pharmacy.id === pharmacyId)?.creditHold ?? null;
  const licenceWarning = trpc.licences.warning.useQuery(
    { pharmacyId },
    { enabled: Number.isInteger(pharmacyId) && pharmacyId > 0 },
  ).data;
  const create = trpc.orders.create.useMutation();
  const update = trpc.orders.update.useMutation();

  const fieldPaths = (): FieldPath<OrderFormValues>[] => [
    'pharmacyId',
    'orderDate',
    'shipMethod',
    'notes',
    'lineItems',
    ...getValues('lineItems').flatMap((_, i) =>
      (['description', 'qty', 'unitPrice', 'productSku', 'variantSku', 'lotId'] as const).map(
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
    const id = order?.id ?? draft.draftId;
    await draft.save(
      () => (id ? update.mutateAsync({ id, data }) : create.mutateAsync(data)),
      refresh,
      (error) => applyServerFieldErrors(error, setError, fieldPaths()),
    );
  };

  /**
   * Sends the saved draft; a credit hold (where the role may override one) or, for an admin, a
   * missing state licence asks for the reason to override it (false: the user cancelled).
   */
  const send = async (id: number, data: OrderData) => {
    const sent = await withOverrides(
      holdOverride.ask,
      (reasons) => update.mutateAsync({ id, data: { ...data, status: 'Sent', ...reasons } }),
      can('creditHold.override'),
    );
    if (!sent) return false;
  };

  const onSubmit = useRecordSubmit(form, ordersList, {
    isEdit,
    fields: fieldPaths,
    save: (data) => {
      if (order) return update.mutateAsync({ id: order.id, data });
      if (draft.draftId !== null) return send(draft.draftId, data);
      return create.mutateAsync(data);
    },
  });

  return (
    <doc.DocumentFormFrame
      saved={order && { number: order.orderNumber, status: order.status }}
      onSubmit={onSubmit}
      saving={{ draft, saveDraft, submitting: isSubmitting }}
      locked={locked}
      notice={
        locked ? (
          <Alert.Root status="warning" rounded="lg">
            <Alert.Indicator />
            <Alert.Title>
              This order is {order?.status.toLowerCase()} and can no longer be edited.
            </Alert.Title>
          </Alert.Root>
        ) : null
      }
      fields={
        <>
          <doc.PharmacyPicker
            options={pharmacies.map((pharmacy) => ({
              value: pharmacy.id,
              label: pharmacy.creditHold ? `${pharmacy.name} (credit hold)` : pharmacy.name,
            }))}
            error={errors.pharmacyId?.message}
            helper={
              hold || licenceWarning ? (
                <>
                  {hold ? (
                    <Field.HelperText color="red.600" data-testid="order-pharmacy-hold">
                      <CreditHoldBadge hold={hold} me="2" size="sm" />
                      {hold.reason}; sending this order needs an override reason.
                    </Field.HelperText>
                  ) : null}
                  {licenceWarning ? <LicenceWarning warning={licenceWarning} /> : null}
                </>
              ) : null
            }
            {...register('pharmacyId', { valueAsNumber: true })}
          />
          <FormField label="Order date" error={errors.orderDate?.message} required>
            <Input type="date" {...register('orderDate')} />
          </FormField>
          <GridItem colSpan={{ md: 2 }}>
            <FormField label="Shipping method" error={errors.shipMethod?.message}>
              <doc.OptionsSelect
                none={{ value: '', label: 'Not specified' }}
                options={SHIPPING_METHODS.map((method) => ({ value: method, label: method }))}
                {...register('shipMethod')}
              />
            </FormField>
          </GridItem>
        </>
      }
      notes={{ ...register('notes'), error: errors.notes?.message }}
      summary={
        <>
          <doc.SummaryRow label="Line items">{lines.length}</doc.SummaryRow>
          <doc.SummaryRow label="Quantity">{itemsLabel(itemCount)}</doc.SummaryRow>
          <doc.SummaryTotal
            total={formatUsd(totalCents)}
            testId="order-total"
            note="USD. Line totals are recomputed by the server when the order is saved."
          />
        </>
      }
      below={
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
      }
    >
      {holdOverride.dialog}
    </doc.DocumentFormFrame>
  );
}
