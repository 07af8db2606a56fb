import { useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Checkbox,
  Grid,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { LuCheck, LuFileText, LuPencil, LuPlus, LuTrash2, LuUpload } from 'react-icons/lu';
import {
  CONTROLLED_SCHEDULES,
  LICENCE_KINDS,
  LICENCE_KIND_LABELS,
  LICENCE_STATUS_LABELS,
  formatDate,
  licenceSchema,
  type ControlledSchedule,
  type LicenceKind,
  type LicenceOutput,
} from '@pharm/validators';
import { can } from '@pharm/validators/roles';
import { useFileUpload } from '../../components/FileUploadInput';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { errorMessage } from '../../lib/errors';
import { issuesByField, showSaveError } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { EMPTY } from '../../lib/text';
import { trpc } from '../../lib/trpc';
import { uploadLicenceDocument } from './document';
import { LICENCE_STATUS_COLORS } from './format';

type Licence = LicenceOutput;

/**
 * A pharmacy's licences (issue 29): the list with each one's status today, and for accountants
 * and admins adding, editing, verifying, deleting and uploading the scan. Mounted by the pharmacy
 * details dialog and by the pharmacy's record page.
 */
export function LicencesSection({ pharmacyId }: { pharmacyId: number }) {
  // The signed-in user as the frame cached it (auth.me); read here, not through useCurrentUser,
  // which would split that small module into a chunk of its own.
  const user = trpc.auth.me.useQuery(undefined, { staleTime: Infinity }).data;
  const canWrite = can(user?.role, 'licences.write');
  const utils = trpc.useUtils();
  const list = trpc.licences.list.useQuery({ id: pharmacyId });
  const [editing, setEditing] = useState<Licence | 'new' | null>(null);
  const update = trpc.licences.update.useMutation();
  const remove = trpc.licences.delete.useMutation();

  const refresh = async () => {
    await Promise.all([utils.licences.invalidate(), utils.search.invalidate()]);
  };
  const upload = useFileUpload({
    accept: 'application/pdf,image/png,image/jpeg',
    testId: 'licence-upload-input',
    upload: uploadLicenceDocument,
    success: 'Document uploaded',
    onUploaded: refresh,
  });
  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      notify.success(success);
      await refresh();
    } catch (error) {
      notify.error('Error', errorMessage(error));
    }
  };
  const verify = (licence: Licence) =>
    run(
      () => update.mutateAsync({ id: licence.id, data: { ...inputOf(licence), verified: true } }),
      `Licence ${licence.number} marked verified`,
    );

  return (
    <Box data-testid="licences-section" mt="6">
      <HStack justify="space-between" mb="3">
        <Box>
          <Text fontWeight="semibold">Licences</Text>
          <Text textStyle="sm" color="fg.muted">
            State licences, DEA and 503B registrations, resale certificates.
          </Text>
        </Box>
        {canWrite ? (
          <Button size="sm" variant="outline" onClick={() => setEditing('new')}>
            <LuPlus /> Add Licence
          </Button>
        ) : null}
      </HStack>
      {list.isPending ? (
        <Text color="fg.muted">Loading licences…</Text>
      ) : list.isError ? (
        <Text color="red.600">Could not load the licences: {errorMessage(list.error)}</Text>
      ) : list.data.length === 0 ? (
        <Text color="fg.muted" data-testid="licences-empty">
          No licences on file.
        </Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md" position="relative">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Licence</Table.ColumnHeader>
                <Table.ColumnHeader>Covers</Table.ColumnHeader>
                <Table.ColumnHeader>Expires</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Text srOnly>Actions</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.data.map((licence) => (
                <Table.Row key={licence.id} data-testid={`licence-row-${licence.id}`}>
                  <Table.Cell>
                    <Text fontWeight="medium">{licence.number}</Text>
                    <Text textStyle="xs" color="fg.muted">
                      {LICENCE_KIND_LABELS[licence.kind]}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    {[
                      licence.state,
                      licence.schedules.length ? `C${licence.schedules.join(', C')}` : null,
                    ]
                      .filter(Boolean)
                      .join(' · ') || EMPTY}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    {licence.expiresOn ? formatDate(licence.expiresOn) : EMPTY}
                  </Table.Cell>
                  <Table.Cell>
                    <Badge
                      colorPalette={LICENCE_STATUS_COLORS[licence.status]}
                      data-testid="licence-status"
                    >
                      {LICENCE_STATUS_LABELS[licence.status]}
                    </Badge>
                    {licence.verifiedAt ? (
                      <Text textStyle="xs" color="fg.muted" mt="1">
                        Verified by {licence.verifiedBy ?? 'a former user'},{' '}
                        {formatDate(licence.verifiedAt)}
                      </Text>
                    ) : (
                      <Text textStyle="xs" color="fg.muted" mt="1">
                        Not verified
                      </Text>
                    )}
                  </Table.Cell>

                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {licence.hasDocument ? (
                      <IconButton
                        asChild
                        size="xs"
                        variant="ghost"
                        aria-label={`View the document of ${licence.number}`}
                      >
                        <a
                          href={`/api/licences/${licence.id}/document`}
                          target="_blank"
                          rel="noopener"
                        >
                          <LuFileText />
                        </a>
                      </IconButton>
                    ) : null}
                    {canWrite ? (
                      <>
                        <IconButton
                          size="xs"
                          variant="ghost"
                          aria-label={`Upload the document of ${licence.number}`}
                          onClick={() => upload.choose(licence.id)}
                        >
                          <LuUpload />
                        </IconButton>
                        {licence.verifiedAt ? null : (
                          <IconButton
                            size="xs"
                            variant="ghost"
                            aria-label={`Mark ${licence.number} verified`}
                            onClick={() => void verify(licence)}
                          >
                            <LuCheck />
                          </IconButton>
                        )}
                        <IconButton
                          size="xs"
                          variant="ghost"
                          aria-label={`Edit ${licence.number}`}
                          onClick={() => setEditing(licence)}
                        >
                          <LuPencil />
                        </IconButton>
                        <IconButton
                          size="xs"
                          variant="ghost"
                          colorPalette="red"
                          aria-label={`Delete ${licence.number}`}
                          onClick={() => {
                            if (window.confirm(`Delete licence ${licence.number}?`)) {
                              void run(
                                () => remove.mutateAsync({ id: licence.id }),
                                `Licence ${licence.number} deleted`,
                              );
                            }
                          }}
                        >
                          <LuTrash2 />
                        </IconButton>
                      </>
                    ) : null}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {upload.input}
      <LicenceDialog
        pharmacyId={pharmacyId}
        licence={editing}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
    </Box>
  );
}

/** A licence as the form edits it: text fields as text, '' for none. */
interface LicenceInput {
  kind: LicenceKind;
  number: string;
  state: string;
  schedules: ControlledSchedule[];
  issuedOn: string;
  expiresOn: string;
  verified: boolean;
  notes: string;
}

function inputOf(licence: Licence): LicenceInput {
  return {
    kind: licence.kind,
    number: licence.number,
    state: licence.state ?? '',
    schedules: licence.schedules,
    issuedOn: licence.issuedOn ?? '',
    expiresOn: licence.expiresOn ?? '',
    verified: licence.verifiedAt !== null,
    notes: licence.notes ?? '',
  };
}

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

function LicenceDialog({
  pharmacyId,
  licence,
  onClose,
  onSaved,
}: {
  pharmacyId: number;
  licence: Licence | 'new' | null;
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
