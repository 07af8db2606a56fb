import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  chakra,
  Field,
  GridItem,
  HStack,
  Input,
  InputGroup,
  NativeSelect,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import {
  formatPercent,
  formatUsd,
  lineTotalCents,
  sumCents,
  taxCents,
  todayIso,
  toCents,
} from '@pharm/validators';
import { BackLink } from '../../components/BackLink';
import { FormField } from '../../components/FormField';
import { FormFooter } from '../../components/FormFooter';
import { FormSection } from '../../components/FormSection';
import { MoneyText } from '../../components/MoneyText';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage, serverFieldErrors } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { typedCents, useCashRefresh } from '../payments/cash';
import { EntryRows } from '../payments/EntryRows';

const routeApi = getRouteApi('/_app/credit-notes/new');

type Creditable = RouterOutputs['creditNotes']['creditableLines'];

/** Whole units returned: '' is none, anything else must be a whole number. */
function typedQty(value: string): number | null {
  if (value.trim() === '') return 0;
  return /^\d{1,7}$/.test(value.trim()) ? Number(value.trim()) : null;
}

function CreditNoteForm({
  invoice,
  pharmacyId: presetPharmacy,
}: {
  invoice: Creditable | null;
  pharmacyId: number | undefined;
}) {
  const navigate = useNavigate();
  const refresh = useCashRefresh();
  const pharmacies = trpc.pharmacies.options.useQuery();
  const [pharmacyId, setPharmacyId] = useState(invoice?.pharmacyId ?? presetPharmacy ?? 0);
  const [mode, setMode] = useState<'lines' | 'amount'>(invoice ? 'lines' : 'amount');
  const [date, setDate] = useState(todayIso);
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [qty, setQty] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = trpc.creditNotes.create.useMutation();

  const lines = invoice?.lines ?? [];
  const quantities = lines.map((line) => typedQty(qty[line.invoiceLineId] ?? ''));
  const taxRate = invoice?.taxRate ?? '0';
  const subtotal =
    mode === 'lines'
      ? sumCents(
          lines.map((line, i) => lineTotalCents(quantities[i] ?? 0, toCents(line.unitPrice))),
        )
      : (typedCents(amount) ?? 0);
  const tax = invoice ? taxCents(subtotal, taxRate) : 0;

  const submit = async () => {
    const found: Record<string, string> = {};
    if (!pharmacyId) found.pharmacyId = 'Pharmacy is required';
    if (!date) found.date = 'Date is required';
    if (!reason.trim()) found.reason = 'Reason is required';
    if (mode === 'lines') {
      lines.forEach((line, i) => {
        const q = quantities[i] as number | null;
        if (q === null || q > line.creditableQty) {
          found[`line.${line.invoiceLineId}`] =
            `A whole number up to ${line.creditableQty} (invoiced ${line.invoicedQty})`;
        }
      });
      if (subtotal === 0 && !Object.keys(found).some((k) => k.startsWith('line.'))) {
        found.lines = 'Enter the quantity returned of at least one line';
      }
    } else if (!typedCents(amount)) {
      found.amount = 'Amount must be greater than 0';
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const note = await create.mutateAsync({
        pharmacyId,
        invoiceId: invoice?.invoiceId ?? null,
        date,
        reason,
        ...(mode === 'lines'
          ? {
              lines: lines.flatMap((line, i) =>
                quantities[i] ? [{ invoiceLineId: line.invoiceLineId, qty: quantities[i]! }] : [],
              ),
            }
          : { amount: amount.trim() }),
      });
      notify.success(`Credit note ${note.number} created`);
      await refresh();
      await navigate({ to: '/credit-notes/$id', params: { id: note.id } });
    } catch (error) {
      setErrors(serverFieldErrors(error));
      notify.error('Error', `Failed to create credit note: ${errorMessage(error)}`);
    }
  };

  return (
    <Card.Root asChild>
      <chakra.form
        noValidate
        data-testid="credit-note-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Box px={{ base: '5', md: '8' }}>
          <FormSection
            title="Credit note"
            description={
              invoice
                ? `Against ${invoice.invoiceNumber}: tax at its rate, ${formatPercent(taxRate)}.`
                : 'A free amount credited to the account, without tax.'
            }
          >
            <FormField label="Pharmacy" error={errors.pharmacyId} required disabled={!!invoice}>
              <NativeSelect.Root disabled={!!invoice}>
                <NativeSelect.Field
                  name="pharmacyId"
                  value={pharmacyId}
                  onChange={(event) => setPharmacyId(Number(event.target.value))}
                >
                  {invoice ? (
                    <option value={invoice.pharmacyId}>
                      {pharmacies.data?.find((p) => p.id === invoice.pharmacyId)?.name ??
                        'Loading...'}
                    </option>
                  ) : (
                    <>
                      <option value={0}>Select a pharmacy</option>
                      {(pharmacies.data ?? []).map((p) => (
                        <option key={p.id} value={p.id}>
                          {p.name}
                        </option>
                      ))}
                    </>
                  )}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label="Date" error={errors.date} required>
              <Input
                type="date"
                name="date"
                value={date}
                onChange={(event) => setDate(event.target.value)}
              />
            </FormField>
            <GridItem colSpan={{ md: 2 }}>
              <FormField label="Reason" error={errors.reason} required>
                <Textarea
                  name="reason"
                  rows={2}
                  placeholder="Returned: cracked vials, ..."
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                />
              </FormField>
            </GridItem>
          </FormSection>
          <Box py="6" borderTopWidth="1px" borderColor="border.muted">
            {invoice ? (
              <HStack mb="4" gap="2" role="group" aria-label="What is credited">
                {(
                  [
                    ['lines', 'Returned lines'],
                    ['amount', 'Free amount'],
                  ] as const
                ).map(([value, label]) => (
                  <Button
                    key={value}
                    size="sm"
                    variant={mode === value ? 'solid' : 'outline'}
                    colorPalette={mode === value ? undefined : 'gray'}
                    aria-pressed={mode === value}
                    onClick={() => setMode(value)}
                  >
                    {label}
                  </Button>
                ))}
              </HStack>
            ) : null}
            {mode === 'lines' ? (
              <>
                <EntryRows
                  label="Returned lines"
                  headers={[
                    { label: 'Item' },
                    { label: 'Unit price', end: true },
                    { label: 'Creditable', end: true },
                  ]}
                  inputHeader="Qty returned"
                  inputMode="numeric"
                  inputWidth="20"
                  rows={lines.map((line) => ({
                    key: line.invoiceLineId,
                    testId: `credit-line-${line.invoiceLineId}`,
                    cells: (
                      <>
                        <Table.Cell minW="40">{line.description}</Table.Cell>
                        <Table.Cell textAlign="end">
                          <MoneyText value={line.unitPrice} />
                        </Table.Cell>
                        <Table.Cell textAlign="end" color="fg.muted">
                          {line.creditableQty} of {line.invoicedQty}
                        </Table.Cell>
                      </>
                    ),
                    name: `qty-${line.invoiceLineId}`,
                    ariaLabel: `Quantity returned of ${line.description}`,
                    value: qty[line.invoiceLineId] ?? '',
                    onChange: (value) => setQty((all) => ({ ...all, [line.invoiceLineId]: value })),
                    error: errors[`line.${line.invoiceLineId}`],
                    disabled: line.creditableQty === 0,
                  }))}
                />
                {errors.lines ? (
                  <Text mt="2" textStyle="sm" color="fg.error" role="alert">
                    {errors.lines}
                  </Text>
                ) : null}
              </>
            ) : (
              <Field.Root invalid={!!errors.amount} required maxW="xs">
                <Field.Label>
                  Amount before tax <Field.RequiredIndicator />
                </Field.Label>
                <InputGroup startElement="$">
                  <Input
                    name="amount"
                    inputMode="decimal"
                    textAlign="end"
                    value={amount}
                    onChange={(event) => setAmount(event.target.value)}
                  />
                </InputGroup>
                <Field.ErrorText>{errors.amount}</Field.ErrorText>
              </Field.Root>
            )}
            <Text mt="4" textStyle="sm" data-testid="credit-note-preview">
              Credit {formatUsd(subtotal)} + tax {formatUsd(tax)} ={' '}
              <strong>{formatUsd(subtotal + tax)}</strong>
            </Text>
          </Box>
        </Box>
        <FormFooter
          cancelTo="/credit-notes"
          noun="Credit Note"
          isEdit={false}
          pending={create.isPending}
        />
      </chakra.form>
    </Card.Root>
  );
}

/** `/credit-notes/new[?invoiceId=|?pharmacyId=]`: returned lines of an invoice, or a free amount. */
export function NewCreditNotePage() {
  const { invoiceId, pharmacyId } = routeApi.useSearch();
  const creditable = trpc.creditNotes.creditableLines.useQuery(
    { id: invoiceId ?? 0 },
    { enabled: invoiceId !== undefined, refetchOnMount: 'always' },
  );
  const ready = invoiceId === undefined || (creditable.data && creditable.isFetchedAfterMount);
  return (
    <>
      <PageHeader
        back={<BackLink to="/credit-notes">Back to Credit Notes</BackLink>}
        title="New Credit Note"
        description={
          creditable.data
            ? `Credit returned items of ${creditable.data.invoiceNumber}, or a free amount.`
            : 'Credit a pharmacy for returned items or an allowance.'
        }
      />
      {creditable.isError ? (
        <Text color="fg.error">Failed to load the invoice: {errorMessage(creditable.error)}</Text>
      ) : ready ? (
        <CreditNoteForm invoice={creditable.data ?? null} pharmacyId={pharmacyId} />
      ) : (
        <Text color="fg.muted">Loading...</Text>
      )}
    </>
  );
}
