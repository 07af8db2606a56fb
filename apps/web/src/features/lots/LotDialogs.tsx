import { useState } from 'react';
import { Grid, Input, NativeSelect, Textarea } from '@chakra-ui/react';
import {
  LOT_STATUSES,
  LOT_STATUS_LABELS,
  lotSchema,
  type LotOutput,
  type LotStatus,
} from '@pharm/validators';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { ReasonDialog } from '../../components/ReasonDialog';
import { issuesByField, showSaveError } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';

const BLANK = {
  owner: '',
  lotNumber: '',
  expiryDate: '',
  manufacturedOn: '',
  supplier: '',
  status: 'released' as LotStatus,
  notes: '',
};

/**
 * Receives a lot: of one of the product's variants (`variants`), or of the product itself when
 * it has none.
 */
export function AddLotDialog({
  open,
  onClose,
  productId,
  variants,
}: {
  open: boolean;
  onClose: () => void;
  productId: number;
  variants: readonly { id: number; label: string }[];
}) {
  const [values, setValues] = useState(BLANK);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const utils = trpc.useUtils();
  const create = trpc.lots.create.useMutation();
  const set = (key: keyof typeof BLANK, value: string) =>
    setValues((v) => ({ ...v, [key]: value }));
  const owner = variants.length ? Number(values.owner || variants[0]!.id) : null;

  const save = async () => {
    const parsed = lotSchema.safeParse({
      ...values,
      variantId: owner,
      productId: owner === null ? productId : null,
    });
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      return;
    }
    try {
      const lot = await create.mutateAsync(parsed.data);
      notify.success(`Lot ${lot.lotNumber} added`);
      await utils.lots.invalidate();
      setValues(BLANK);
      setErrors({});
      onClose();
    } catch (error) {
      showSaveError(error, setErrors);
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Add lot"
      testId="lot-dialog"
      onSubmit={() => void save()}
      pending={create.isPending}
      submitLabel="Save Lot"
    >
      <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
        {variants.length ? (
          <FormField label="Variant" error={errors.variantId} required>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="variantId"
                value={values.owner || String(variants[0]!.id)}
                onChange={(e) => set('owner', e.target.value)}
              >
                {variants.map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        ) : null}
        <FormField label="Lot number" error={errors.lotNumber} required>
          <Input
            name="lotNumber"
            value={values.lotNumber}
            onChange={(e) => set('lotNumber', e.target.value)}
          />
        </FormField>
        <FormField label="Expiry date" error={errors.expiryDate} required>
          <Input
            type="date"
            name="expiryDate"
            value={values.expiryDate}
            onChange={(e) => set('expiryDate', e.target.value)}
          />
        </FormField>
        <FormField label="Manufactured" error={errors.manufacturedOn}>
          <Input
            type="date"
            name="manufacturedOn"
            value={values.manufacturedOn}
            onChange={(e) => set('manufacturedOn', e.target.value)}
          />
        </FormField>
        <FormField label="Supplier" error={errors.supplier}>
          <Input
            name="supplier"
            value={values.supplier}
            onChange={(e) => set('supplier', e.target.value)}
          />
        </FormField>
        <FormField label="Status" error={errors.status}>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="status"
              value={values.status}
              onChange={(e) => set('status', e.target.value)}
            >
              {LOT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {LOT_STATUS_LABELS[s]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      </Grid>
      <FormField label="Notes" error={errors.notes}>
        <Textarea
          name="notes"
          rows={2}
          mt="4"
          value={values.notes}
          onChange={(e) => set('notes', e.target.value)}
        />
      </FormField>
    </FormDialog>
  );
}

/** Changes a lot's status; the reason is required and kept in the lot's history. */
export function LotStatusDialog({ lot, onClose }: { lot: LotOutput | null; onClose: () => void }) {
  const [status, setStatus] = useState<LotStatus | ''>('');
  const utils = trpc.useUtils();
  const update = trpc.lots.update.useMutation();
  const chosen = status || (lot?.status === 'released' ? 'on_hold' : 'released');

  const confirm = async (reason: string) => {
    if (!lot) return;
    await update.mutateAsync({ id: lot.id, data: { status: chosen, reason } });
    notify.success(`Lot ${lot.lotNumber} is now ${LOT_STATUS_LABELS[chosen].toLowerCase()}`);
    await utils.lots.invalidate();
    setStatus('');
  };

  return (
    <ReasonDialog
      open={lot !== null}
      onClose={onClose}
      title={lot ? `Change the status of lot ${lot.lotNumber}` : 'Change status'}
      testId="lot-status-dialog"
      submitLabel="Save Status"
      missingReason="Give a reason for the status change"
      pending={update.isPending}
      onConfirm={confirm}
    >
      {(errors) => (
        <FormField label="Status" error={errors.status} required>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="status"
              value={chosen}
              onChange={(e) => setStatus(e.target.value as LotStatus)}
            >
              {LOT_STATUSES.filter((s) => s !== lot?.status).map((s) => (
                <option key={s} value={s}>
                  {LOT_STATUS_LABELS[s]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      )}
    </ReasonDialog>
  );
}
