import { Button, Field, Flex, GridItem, Input, Textarea } from '@chakra-ui/react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { LuCopy } from 'react-icons/lu';
import {
  DEFAULT_TERMS,
  stateOfAddress,
  type PharmacyData,
  type PharmacyInput,
} from '@pharm/validators';
import { lazyZodResolver } from '../../lib/forms';
import { loadSchemas } from '../../lib/schemas';
import { FormCard } from '../../components/FormCard';
import { FormField, MoneyInput } from '../../components/FormField';
import { FormSection } from '../../components/FormSection';
import { trpc, type Pharmacy } from '../../lib/trpc';
import { useCan } from '../auth/can';
import { useRecordSubmit } from '../lists/useRecordSubmit';
import { termsLabel, termsValue } from './format';
import { pharmaciesList } from './list';
import { TermsSelect } from './TermsSelect';

const FIELDS: readonly FieldPath<PharmacyInput>[] = [
  'name',
  'contactName',
  'email',
  'billingEmail',
  'phone',
  'terms',
  'creditLimit',
  'shippingAddress',
  'shippingState',
  'billingAddress',
  'notes',
];

function toFormValues(pharmacy?: Pharmacy): PharmacyInput {
  return {
    name: pharmacy?.name ?? '',
    contactName: pharmacy?.contactName ?? '',
    email: pharmacy?.email ?? '',
    billingEmail: pharmacy?.billingEmail ?? '',
    phone: pharmacy?.phone ?? '',
    terms: pharmacy ? termsValue(pharmacy.terms) : DEFAULT_TERMS,
    shippingAddress: pharmacy?.shippingAddress ?? '',
    // Empty while it is the one the address gives: the server then reads it off the address again.
    shippingState:
      pharmacy?.shippingState && pharmacy.shippingState !== stateOfAddress(pharmacy.shippingAddress)
        ? pharmacy.shippingState
        : '',
    billingAddress: pharmacy?.billingAddress ?? '',
    notes: pharmacy?.notes ?? '',
    creditLimit: pharmacy?.creditLimit ?? '',
  };
}

/** Create (no `pharmacy`) or edit a pharmacy; on success goes back to /pharmacies. */
export function PharmacyForm({ pharmacy }: { pharmacy?: Pharmacy }) {
  const isEdit = pharmacy !== undefined;
  const form = useForm<PharmacyInput, unknown, PharmacyData>({
    resolver: lazyZodResolver(() => loadSchemas().then((m) => m.pharmacySchema)),
    defaultValues: toFormValues(pharmacy),
  });
  const { register, setValue, getValues, control } = form;
  const shippingAddress = useWatch({ control, name: 'shippingAddress' });
  const can = useCan();
  // Sales edits a pharmacy but not its credit limit; an accountant its credit limit only. The
  // form still sends every field, as read: the server refuses a change the role may not make.
  const detailsLocked = !can('pharmacies.write');
  const limitLocked = !can('pharmacies.creditLimit');
  const { errors, isSubmitting } = form.formState;
  const create = trpc.pharmacies.create.useMutation();
  const update = trpc.pharmacies.update.useMutation();
  const onSubmit = useRecordSubmit(form, pharmaciesList, {
    isEdit,
    fields: () => FIELDS,
    save: (data) =>
      pharmacy ? update.mutateAsync({ id: pharmacy.id, data }) : create.mutateAsync(data),
  });

  const copyShipping = () => {
    setValue('billingAddress', getValues('shippingAddress') ?? '', {
      shouldDirty: true,
      shouldValidate: true,
    });
  };

  return (
    <FormCard list={pharmaciesList} isEdit={isEdit} onSubmit={onSubmit} pending={isSubmitting}>
      <FormSection
        title="Pharmacy details"
        description="Who the pharmacy is and how to reach them."
      >
        <GridItem colSpan={{ md: 2 }}>
          <FormField label="Name" error={errors.name?.message} required readOnly={detailsLocked}>
            <Input
              placeholder="e.g. Riverside Compounding Pharmacy"
              autoFocus={!isEdit && !detailsLocked}
              {...register('name')}
            />
          </FormField>
        </GridItem>
        <FormField
          label="Contact person"
          error={errors.contactName?.message}
          readOnly={detailsLocked}
        >
          <Input autoComplete="off" placeholder="Full name" {...register('contactName')} />
        </FormField>
        <FormField label="Email" error={errors.email?.message} required readOnly={detailsLocked}>
          <Input
            type="email"
            autoComplete="off"
            placeholder="orders@pharmacy.com"
            {...register('email')}
          />
        </FormField>
        <FormField
          label="Billing email"
          error={errors.billingEmail?.message}
          readOnly={detailsLocked}
          helper={
            <Field.HelperText>Invoices and statements go here; empty: the email.</Field.HelperText>
          }
        >
          <Input
            type="email"
            autoComplete="off"
            placeholder="ap@pharmacy.com"
            {...register('billingEmail')}
          />
        </FormField>
        <FormField label="Phone" error={errors.phone?.message} readOnly={detailsLocked}>
          <Input
            type="tel"
            autoComplete="off"
            placeholder="(555) 123-4567"
            {...register('phone')}
          />
        </FormField>
        <FormField label="Payment terms" error={errors.terms?.message} readOnly={detailsLocked}>
          {/* A select has no read-only state: the terms as text, the form's value left as read. */}
          {detailsLocked ? (
            <Input value={termsLabel(pharmacy?.terms)} readOnly />
          ) : (
            <TermsSelect emptyLabel="Not set" {...register('terms')} />
          )}
        </FormField>
        <FormField
          label="Credit limit"
          error={errors.creditLimit?.message}
          readOnly={limitLocked}
          helper={
            <Field.HelperText>
              {limitLocked
                ? 'A balance above it puts the pharmacy on credit hold. Only an accountant or an admin may change it.'
                : 'A balance above it puts the pharmacy on credit hold.'}
            </Field.HelperText>
          }
        >
          <MoneyInput placeholder="No limit" {...register('creditLimit')} />
        </FormField>
      </FormSection>

      <FormSection title="Addresses" description="Where orders ship and where invoices go.">
        <Field.Root invalid={!!errors.shippingAddress} readOnly={detailsLocked}>
          <Flex w="full" h="6" align="center">
            <Field.Label>Shipping address</Field.Label>
          </Flex>
          <Textarea
            rows={4}
            autoresize
            placeholder="Street, city, state, ZIP"
            {...register('shippingAddress')}
          />
          <Field.ErrorText>{errors.shippingAddress?.message}</Field.ErrorText>
        </Field.Root>
        <FormField
          label="Shipping state"
          error={errors.shippingState?.message}
          readOnly={detailsLocked}
        >
          <Input
            maxLength={2}
            textTransform="uppercase"
            placeholder={`From the address: ${stateOfAddress(shippingAddress) ?? 'none found'}`}
            {...register('shippingState')}
          />
        </FormField>
        <Field.Root invalid={!!errors.billingAddress} readOnly={detailsLocked}>
          <Flex w="full" h="6" align="center" justify="space-between" gap="2">
            <Field.Label>Billing address</Field.Label>
            {detailsLocked ? null : (
              <Button type="button" size="2xs" variant="ghost" onClick={copyShipping}>
                <LuCopy /> Copy from Shipping
              </Button>
            )}
          </Flex>
          <Textarea
            rows={4}
            autoresize
            placeholder="Street, city, state, ZIP"
            {...register('billingAddress')}
          />
          <Field.ErrorText>{errors.billingAddress?.message}</Field.ErrorText>
        </Field.Root>
      </FormSection>

      <FormSection title="Notes" description="Anything the team should know about this customer.">
        <Field.Root invalid={!!errors.notes} gridColumn={{ md: 'span 2' }} readOnly={detailsLocked}>
          <Field.Label srOnly>Notes</Field.Label>
          <Textarea
            rows={4}
            autoresize
            placeholder="Delivery hours, preferred carrier, ..."
            {...register('notes')}
          />
          <Field.ErrorText>{errors.notes?.message}</Field.ErrorText>
        </Field.Root>
      </FormSection>
    </FormCard>
  );
}
