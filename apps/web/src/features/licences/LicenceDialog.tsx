import { useState } from 'react';
import { Box, Checkbox, Grid, HStack, Input, NativeSelect, Textarea } from '@chakra-ui/react';
import {
  CONTROLLED_SCHEDULES,
  LICENCE_KINDS,
  LICENCE_KIND_LABELS,
  licenceSchema,
  type LicenceOutput,
} from '@pharm/validators';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { issuesByField, showSaveError } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { inputOf, type LicenceInput } from './licence-input';

type Licence = LicenceOutput;

const BLANK: LicenceInput = {
  kind: 'state_pharmacy',
  number: '',
  state: '',
  schedules: [],
  issuedOn: '',
  expiresOn: '',
  verified: false,
  notes: '',
};

/** Adds a licence (`target` 'new') or edits one; loaded at its first opening (LicencesSection). */
export function LicenceDialog({
  pharmacyId,
  target: licence,
  onClose,
  onSaved,
}: {
  pharmacyId: number;
  target: Licence | 'new' | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const open = licence !== null;
  const editing = licence !== null && licence !== 'new' ? licence : null;
  const [values, setValues] = useState<LicenceInput>(BLANK);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [shownFor, setShownFor] = useState<Licence | 'new' | null>(null);
  const create = trpc.licences.create.useMutation();
  const update = trpc.licences.update.useMutation();
  // A new licence, or another one to edit: the form starts from it.
  if (licence !== shownFor) {
    setShownFor(licence);
    setValues(editing ? inputOf(editing) : BLANK);
    setErrors({});
  }
  const set = <K extends keyof LicenceInput>(key: K, value: LicenceInput[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const isDea = values.kind === 'dea';

  const save = async () => {
    const parsed = licenceSchema.safeParse({ ...values, schedules: isDea ? values.schedules : [] });
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      return;
    }
    try {
      if (editing) await update.mutateAsync({ id: editing.id, data: parsed.data });
      else await create.mutateAsync({ id: pharmacyId, data: parsed.data });
      notify.success(editing ? 'Licence updated' : 'Licence added');
      await onSaved();
      onClose();
    } catch (error) {
      showSaveError(error, setErrors);
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={editing ? `Edit licence ${editing.number}` : 'Add licence'}
      testId="licence-dialog"
      onSubmit={() => void save()}
      pending={create.isPending || update.isPending}
      submitLabel="Save Licence"
    >
      <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
        <FormField label="Kind" error={errors.kind} required>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="kind"
              value={values.kind}
              onChange={(event) => set('kind', event.target.value as LicenceInput['kind'])}
            >
              {LICENCE_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {LICENCE_KIND_LABELS[kind]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label="Number" error={errors.number} required>
          <Input
            name="number"
            value={values.number}
            onChange={(e) => set('number', e.target.value)}
          />
        </FormField>
        <FormField
          label="State"
          error={errors.state}
          required={values.kind === 'state_pharmacy' || values.kind === 'resale_certificate'}
        >
          <Input
            name="state"
            maxLength={2}
            placeholder="IL"
            value={values.state}
            onChange={(e) => set('state', e.target.value.toUpperCase())}
          />
        </FormField>
        <FormField label="Issued" error={errors.issuedOn}>
          <Input
            type="date"
            name="issuedOn"
            value={values.issuedOn}
            onChange={(e) => set('issuedOn', e.target.value)}
          />
        </FormField>
        <FormField label="Expires" error={errors.expiresOn}>
          <Input
            type="date"
            name="expiresOn"
            value={values.expiresOn}
            onChange={(e) => set('expiresOn', e.target.value)}
          />
        </FormField>
        {isDea ? (
          <FormField label="Schedules covered" error={errors.schedules} required>
            <HStack wrap="wrap" gap="3">
              {CONTROLLED_SCHEDULES.map((schedule) => (
                <Checkbox.Root
                  key={schedule}
                  size="sm"
                  checked={values.schedules.includes(schedule)}
                  onCheckedChange={(details) =>
                    set(
                      'schedules',
                      details.checked
                        ? [...values.schedules, schedule]
                        : values.schedules.filter((s) => s !== schedule),
                    )
                  }
                >
                  <Checkbox.HiddenInput name={`schedule-${schedule}`} />
                  <Checkbox.Control />
                  <Checkbox.Label>{schedule}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </HStack>
          </FormField>
        ) : null}
      </Grid>
      <Box mt="4">
        <FormField label="Notes" error={errors.notes}>
          <Textarea
            name="notes"
            rows={2}
            value={values.notes}
            onChange={(e) => set('notes', e.target.value)}
          />
        </FormField>
      </Box>
      <Checkbox.Root
        mt="4"
        checked={values.verified}
        onCheckedChange={(details) => set('verified', details.checked === true)}
      >
        <Checkbox.HiddenInput name="verified" />
        <Checkbox.Control />
        <Checkbox.Label>Verified against the issuing board</Checkbox.Label>
      </Checkbox.Root>
    </FormDialog>
  );
}
