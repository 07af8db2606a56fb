import { useState } from 'react';
import { Field, Grid, GridItem, Input, InputGroup, Separator } from '@chakra-ui/react';
import { useSearch } from '@tanstack/react-router';
import { useForm, useWatch, type FieldPath, type Resolver } from 'react-hook-form';
import {
  addDaysIso,
  DEFAULT_DUE_DAYS,
  DEFAULT_TAX_RATE,
  DEFAULT_TERMS,
  dueDateForTerms,
  formatDate,
  formatUsd,
  invoiceTotals,
  PAYMENT_TERMS,
  taxPercentToRate,
  taxRateToPercent,
  todayIso,
  type ClientInvoiceStatus,
  type InvoiceData,
  type InvoiceInput,
  type PaymentTerms,
} from '@pharm/validators';
import { FormField, MoneyInput } from '../../components/FormField';
import { SectionCard } from '../../components/SectionCard';
import { applyServerFieldErrors, lazyZodResolver } from '../../lib/forms';
import { loadSchemas } from '../../lib/schemas';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import * as doc from '../documents/DocumentForm';
import { TermsSelect } from '../pharmacies/TermsSelect';
import { useListRefresh, useRecordSubmit } from '../lists/useRecordSubmit';
import type { InvoiceDetails, InvoiceOrderOption } from './format';
import { InvoiceLineLots, NewInvoiceLineLots } from './InvoiceLineLots';
import { invoicesList } from './list';

/**
 * The form's values: the invoice as typed. `taxRate` holds the percent the input shows ('8.75'),
 * turned into the 4-decimal rate ('0.0875') when sent, so that the schema's and the server's
 * messages land under the input under the same name.
 */
interface InvoiceFormValues {
  fromOrderId: number | null;
  pharmacyId: number;
  invoiceDate: string;
  dueDate: string;
  terms: PaymentTerms | '';
  notes: string;
  lotNumber: string;
  traySize: string;
  nestSize: string;
  caseSize: string;
  amount: string;
  taxRate: string;
  shipping: string;
}

const FIELDS: readonly FieldPath<InvoiceFormValues>[] = [
  'fromOrderId',
  'pharmacyId',
  'invoiceDate',
  'dueDate',
  'terms',
  'notes',
  'lotNumber',
  'traySize',
  'nestSize',
  'caseSize',
  'amount',
  'taxRate',
  'shipping',
];

/** What is sent: the values with the rate as a fraction (spec §5: 4 decimals). */
function toInput(values: InvoiceFormValues): InvoiceInput {
  return { ...values, taxRate: taxPercentToRate(values.taxRate) };
}

const schemaResolver = lazyZodResolver(() => loadSchemas().then((m) => m.invoiceSchema));
const resolver: Resolver<InvoiceFormValues, unknown, InvoiceData> = (values, context, options) =>
  schemaResolver(toInput(values), context, options as never) as never;

/** The form's first values: the invoice's, or a new one's (made from `order` when one is picked). */
function toFormValues(
  invoice: InvoiceDetails | undefined,
  order: InvoiceOrderOption | undefined,
  pharmacyId: number | undefined,
): InvoiceFormValues {
  const today = todayIso();
  return {
    fromOrderId: invoice?.fromOrderId ?? order?.id ?? null,
    pharmacyId: invoice?.pharmacyId ?? order?.pharmacyId ?? pharmacyId ?? 0,
    invoiceDate: invoice?.invoiceDate ?? today,
    dueDate: invoice?.dueDate ?? addDaysIso(today, DEFAULT_DUE_DAYS),
    terms: invoice ? (PAYMENT_TERMS.find((terms) => terms === invoice.terms) ?? '') : DEFAULT_TERMS,
    notes: invoice?.notes ?? '',
    lotNumber: invoice?.lotNumber ?? '',
    traySize: invoice?.traySize ?? '',
    nestSize: invoice?.nestSize ?? '',
    caseSize: invoice?.caseSize ?? '',
    amount: invoice?.amount ?? order?.total ?? '0.00',
    taxRate: taxRateToPercent(invoice?.taxRate ?? DEFAULT_TAX_RATE),
    shipping: invoice?.shipping ?? '0.00',
  };
}

/** The live summary's figures, or null while an input is not a valid amount. */
function liveTotals(values: Pick<InvoiceFormValues, 'amount' | 'taxRate' | 'shipping'>) {
  try {
    return invoiceTotals({
      amount: values.amount,
      taxRate: taxPercentToRate(values.taxRate),
      shipping: values.shipping,
    });
  } catch {
    return null;
  }
}

/**
 * Create (no `invoice`) or edit an invoice (spec §2, §4 "Invoice statuses"). Save Draft creates
 * the invoice as a Draft once and updates it after; 'Create Invoice' issues it (Unpaid), creating
 * it or the saved draft; editing sends no status. Picking an order locks the pharmacy to the
 * order's and fills the amount with its total.
 */
export function InvoiceForm({
  invoice,
  orders,
  pharmacies,
}: {
  invoice?: InvoiceDetails;
  orders: readonly InvoiceOrderOption[];
  pharmacies: readonly { id: number; name: string }[];
}) {
  const isEdit = invoice !== undefined;
  const refresh = useListRefresh(invoicesList);
  const draft = doc.useDraft('Invoice');
  // An order's 'Create invoice' opens the new form with the order picked, while it is offered;
  // a pharmacy's 'New invoice' with the pharmacy picked.
  const { fromOrderId: requested, pharmacyId: requestedPharmacyId } = useSearch({ strict: false });
  const requestedOrder = isEdit ? undefined : orders.find((order) => order.id === requested);
  const requestedPharmacy = isEdit
    ? undefined
    : pharmacies.find((pharmacy) => pharmacy.id === requestedPharmacyId)?.id;

  const form = useForm<InvoiceFormValues, unknown, InvoiceData>({
    resolver,
    defaultValues: toFormValues(invoice, requestedOrder, requestedPharmacy),
  });
  const {
    control,
    register,
    getValues,
    setValue,
    setError,
    formState: { errors, isSubmitting, isSubmitted },
  } = form;
  const [fromOrderId, pharmacyId, amount, taxRate, shipping] = useWatch({
    control,
    name: ['fromOrderId', 'pharmacyId', 'amount', 'taxRate', 'shipping'],
  });
  const totals = liveTotals({ amount, taxRate, shipping });
  // Issue 30: each line's lot as picked, by line id; sent with an edit while the invoice stays
  // on its order (a new order's lines come with their own lots).
  const [lineLots, setLineLots] = useState<Record<number, number | null>>(() =>
    Object.fromEntries((invoice?.lineItems ?? []).map((line) => [line.id, line.lotId])),
  );
  const orderChanged = isEdit && fromOrderId !== invoice.fromOrderId;
  // On a new invoice: the lots picked for its order's lines, by order line id (another order
  // starts afresh), and once saved as a Draft its lines, whose ids a later save names them by.
  const [newLots, setNewLots] = useState<{
    orderId: number | null;
    picked: Record<number, number | null>;
  }>({ orderId: null, picked: {} });
  const picked = newLots.orderId === fromOrderId ? newLots.picked : {};
  const [draftLines, setDraftLines] = useState<{
    orderId: number | null;
    lines: readonly { id: number; position: number }[];
  } | null>(null);
  const orderLines = trpc.orders.get.useQuery(
    { id: fromOrderId ?? 0 },
    { enabled: !isEdit && fromOrderId !== null && Object.keys(picked).length > 0 },
  ).data?.lineItems;

  // An order cancelled since it was invoiced is no longer offered, but stays this invoice's.
  const orderOptions =
    invoice?.fromOrderId && !orders.some((order) => order.id === invoice.fromOrderId)
      ? [
          {
            value: invoice.fromOrderId,
            label: invoice.fromOrderNumber ?? `Order ${invoice.fromOrderId}`,
          },
          ...orders.map(orderOption),
        ]
      : orders.map(orderOption);

  const create = trpc.invoices.create.useMutation();
  const update = trpc.invoices.update.useMutation();

  const set = <K extends FieldPath<InvoiceFormValues>>(name: K, value: InvoiceFormValues[K]) =>
    setValue(name, value as never, { shouldDirty: true, shouldValidate: isSubmitted });

  const pickOrder = (value: string) => {
    const order = orders.find((o) => o.id === Number(value));
    set('fromOrderId', value ? Number(value) : null);
    if (order) {
      set('pharmacyId', order.pharmacyId);
      set('amount', order.total);
    }
  };
  /** The due date follows the terms from the invoice date (spec §9: Net 30 by default). */
  const followTerms = () => {
    const { invoiceDate, terms } = getValues();
    if (terms && /^\d{4}-\d{2}-\d{2}$/.test(invoiceDate)) {
      set('dueDate', dueDateForTerms(invoiceDate, terms));
    }
  };

  /** The rate reads as a percent with 2 decimals ('8.5' → '8.50') once typed. */
  const showPercent = () => {
    const typed = getValues('taxRate');
    const rate = taxPercentToRate(typed);
    if (rate !== typed) set('taxRate', taxRateToPercent(rate));
  };

  /**
   * A new invoice's picked lots: by the order's line ids on its create; on a later save of its
   * Draft, by the ids of the lines it copied from that order (same position).
   */
  const newLineLots = (copied: typeof draftLines) => {
    const picks = Object.entries(picked).map(([id, lotId]) => ({ id: Number(id), lotId }));
    if (!picks.length) return undefined;
    if (draft.draftId === null) return picks;
    if (copied?.orderId !== fromOrderId) return undefined;
    return picks.flatMap((pick) => {
      const position = orderLines?.find((line) => line.id === pick.id)?.position;
      const line = copied.lines.find((l) => l.position === position);
      return line ? [{ id: line.id, lotId: pick.lotId }] : [];
    });
  };

  const send = async (status: ClientInvoiceStatus | undefined) => {
    let copied = draftLines;
    if (
      !invoice &&
      draft.draftId !== null &&
      draftLines?.orderId !== fromOrderId &&
      Object.keys(picked).length > 0
    ) {
      // The saved Draft moves to another order first, still a Draft, copying that order's lines:
      // the lots picked for them then name the copies, and an issue checks the lots picked.
      const moved = await update.mutateAsync({ id: draft.draftId, data: toInput(getValues()) });
      copied = { orderId: moved.fromOrderId, lines: moved.lineItems };
      setDraftLines(copied);
    }
    const lineItems = invoice
      ? invoice.lineItems.length && !orderChanged
        ? invoice.lineItems.map((line) => ({ id: line.id, lotId: lineLots[line.id] ?? null }))
        : undefined
      : newLineLots(copied);
    const data = {
      ...toInput(getValues()),
      ...(status ? { status } : {}),
      ...(lineItems ? { lineItems } : {}),
    };
    const id = invoice?.id ?? draft.draftId;
    const saved = await (id ? update.mutateAsync({ id, data }) : create.mutateAsync(data));
    if (!invoice) setDraftLines({ orderId: saved.fromOrderId, lines: saved.lineItems });
    return saved;
  };

  const saveDraft = async () => {
    if (!(getValues('pharmacyId') >= 1)) {
      notify.error('Cannot save', 'Please select a pharmacy.');
      return;
    }
    await draft.save(
      () => send('Draft'),
      refresh,
      (error) => applyServerFieldErrors(error, setError, FIELDS),
    );
  };

  const onSubmit = useRecordSubmit(form, invoicesList, {
    isEdit,
    fields: () => FIELDS,
    save: () => send(isEdit ? undefined : 'Unpaid'),
  });

  const locked = fromOrderId !== null;

  return (
    <doc.DocumentFormFrame
      saved={invoice && { number: invoice.invoiceNumber, status: invoice.status }}
      onSubmit={onSubmit}
      saving={{ draft, saveDraft, submitting: isSubmitting }}
      fields={
        <>
          <GridItem colSpan={{ md: 3 }}>
            <FormField
              label="From Order"
              error={errors.fromOrderId?.message}
              helper={
                <Field.HelperText>
                  Copies the order’s line items; the pharmacy and amount follow it.
                </Field.HelperText>
              }
            >
              <doc.OptionsSelect
                name="fromOrderId"
                value={fromOrderId ?? ''}
                onChange={(event) => pickOrder(event.target.value)}
                none={{ value: '', label: 'None — a standalone invoice' }}
                options={orderOptions}
              />
            </FormField>
          </GridItem>
          <doc.PharmacyPicker
            options={pharmacies.map((pharmacy) => ({
              value: pharmacy.id,
              label: pharmacy.name,
            }))}
            error={errors.pharmacyId?.message}
            disabled={locked}
            helper={locked ? <Field.HelperText>The order’s pharmacy.</Field.HelperText> : null}
            name="pharmacyId"
            value={pharmacyId}
            onChange={(event) => set('pharmacyId', Number(event.target.value))}
          />
          <FormField label="Invoice date" error={errors.invoiceDate?.message} required>
            <Input type="date" {...register('invoiceDate', { onChange: followTerms })} />
          </FormField>
          <FormField label="Payment terms" error={errors.terms?.message}>
            <TermsSelect
              emptyLabel="Not specified"
              {...register('terms', { onChange: followTerms })}
            />
          </FormField>
          <FormField label="Due date" error={errors.dueDate?.message} required>
            <Input type="date" {...register('dueDate')} />
          </FormField>
        </>
      }
      notes={{ ...register('notes'), error: errors.notes?.message }}
      more={
        <>
          {invoice?.lineItems.length && invoice.fromOrderId !== null ? (
            <InvoiceLineLots
              invoice={invoice}
              pharmacyId={pharmacyId}
              orderChanged={orderChanged}
              lots={lineLots}
              onChange={(lineId, lotId) => setLineLots((all) => ({ ...all, [lineId]: lotId }))}
            />
          ) : !isEdit && fromOrderId !== null ? (
            <NewInvoiceLineLots
              orderId={fromOrderId}
              pharmacyId={pharmacyId}
              picked={picked}
              onChange={(orderLineId, lotId) =>
                setNewLots({ orderId: fromOrderId, picked: { ...picked, [orderLineId]: lotId } })
              }
            />
          ) : null}
          <SectionCard
            title="Product Information"
            description="Lot and packaging details printed on the invoice."
          >
            <Grid
              templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }}
              gap="5"
            >
              {(
                [
                  ['lotNumber', 'Lot number', 'LT-240117-A'],
                  ['traySize', 'Tray size', '10 x 10'],
                  ['nestSize', 'Nest size', '100'],
                  ['caseSize', 'Case size', '1,000'],
                ] as const
              ).map(([name, label, placeholder]) => (
                <FormField key={name} label={label} error={errors[name]?.message}>
                  <Input placeholder={placeholder} {...register(name)} />
                </FormField>
              ))}
            </Grid>
          </SectionCard>
        </>
      }
      summary={
        <>
          <FormField label="Amount" error={errors.amount?.message} required>
            <MoneyInput {...register('amount')} />
          </FormField>
          <Grid templateColumns="1fr 1fr" gap="3">
            <FormField label="Tax rate" error={errors.taxRate?.message}>
              <InputGroup endElement="%">
                <Input
                  type="number"
                  min={0}
                  max={100}
                  step="0.01"
                  textAlign="end"
                  {...register('taxRate', { onBlur: showPercent })}
                />
              </InputGroup>
            </FormField>
            <FormField label="Shipping" error={errors.shipping?.message}>
              <MoneyInput {...register('shipping')} />
            </FormField>
          </Grid>
          <Separator />
          <doc.SummaryRow label="Subtotal" testId="invoice-subtotal">
            {totals ? formatUsd(totals.subtotal) : '—'}
          </doc.SummaryRow>
          <doc.SummaryRow label="Tax" testId="invoice-tax">
            {totals ? formatUsd(totals.taxAmount) : '—'}
          </doc.SummaryRow>
          <doc.SummaryRow label="Shipping" testId="invoice-shipping">
            {totals ? formatUsd(totals.shipping) : '—'}
          </doc.SummaryRow>
          <doc.SummaryTotal
            total={totals ? formatUsd(totals.total) : '—'}
            testId="invoice-total"
            note="USD. Tax is rounded to the cent; the server recomputes every figure on save."
          />
        </>
      }
    />
  );
}

function orderOption(order: InvoiceOrderOption) {
  return {
    value: order.id,
    label: `${order.orderNumber} · ${order.pharmacyName} · ${formatUsd(order.total)} · ${formatDate(order.orderDate)}`,
  };
}
