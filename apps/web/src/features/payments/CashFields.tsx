import { Grid, Input, InputGroup, NativeSelect } from '@chakra-ui/react';
import { PAYMENT_METHODS, todayIso, type PaymentMethod } from '@pharm/validators';
import { FormField } from '../../components/FormField';

/** Money moving in or out: how much, when, how and its reference (payments and refunds). */
export interface CashFieldValues {
  amount: string;
  date: string;
  method: PaymentMethod;
  reference: string;
}

export const newCashFields = (amount = ''): CashFieldValues => ({
  amount,
  date: todayIso(),
  method: 'ACH',
  reference: '',
});

/** The amount, date, method and reference of a payment or refund, errors under each. */
export function CashFields({
  values,
  onChange,
  errors,
}: {
  values: CashFieldValues;
  onChange: (values: CashFieldValues) => void;
  errors: Record<string, string>;
}) {
  const set = (change: Partial<CashFieldValues>) => onChange({ ...values, ...change });
  return (
    <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)' }} gap="4">
      <FormField label="Amount" error={errors.amount} required>
        <InputGroup startElement="$">
          <Input
            name="amount"
            inputMode="decimal"
            textAlign="end"
            value={values.amount}
            onChange={(event) => set({ amount: event.target.value })}
          />
        </InputGroup>
      </FormField>
      <FormField label="Date" error={errors.date} required>
        <Input
          type="date"
          name="date"
          value={values.date}
          onChange={(event) => set({ date: event.target.value })}
        />
      </FormField>
      <FormField label="Method" error={errors.method} required>
        <NativeSelect.Root>
          <NativeSelect.Field
            name="method"
            value={values.method}
            onChange={(event) => set({ method: event.target.value as PaymentMethod })}
          >
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <FormField label="Reference" error={errors.reference}>
        <Input
          name="reference"
          placeholder="Check #, ACH trace, ..."
          value={values.reference}
          onChange={(event) => set({ reference: event.target.value })}
        />
      </FormField>
    </Grid>
  );
}
