import { useState, type FormEventHandler, type ReactNode } from 'react';
import {
  Box,
  chakra,
  Flex,
  Grid,
  GridItem,
  NativeSelect,
  Separator,
  Stack,
  Text,
  Textarea,
  type NativeSelectFieldProps,
  type TextareaProps,
} from '@chakra-ui/react';
import { DraftFormFooter } from '../../components/DraftFormFooter';
import { FormField } from '../../components/FormField';
import { SectionCard } from '../../components/SectionCard';
import { StatusBadge } from '../../components/StatusBadge';
import { notify } from '../../lib/notify';
import { preloadSchemas } from '../../lib/schemas';
import { DOCUMENT_KINDS, type DocumentNoun } from './kinds';
import { useSavedAgo } from './useSavedAgo';

/** The blocks of the order and invoice forms. */

/**
 * The frame of the order and invoice forms: `notice` on top; the details card (its `fields`, then
 * the notes) with `more` cards under it, beside the summary card (the document's number once it
 * has one, its status, then `summary`); what comes `below`, and the draft form footer; `children`
 * (its dialogs) after. The document's kind is its draft's.
 */
export function DocumentFormFrame({
  saved,
  onSubmit,
  saving,
  locked = false,
  notice,
  fields,
  notes,
  more,
  summary,
  below,
  children,
}: {
  /** The document being edited, as saved; undefined for a new one. */
  saved: { number: string; status: string } | undefined;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: {
    draft: ReturnType<typeof useDraft>;
    saveDraft: () => Promise<void>;
    submitting: boolean;
  };
  /** A Fulfilled or Cancelled order: it can no longer be submitted. */
  locked?: boolean;
  notice?: ReactNode;
  fields: ReactNode;
  /** The notes field's props: its `register('notes')` and its error. */
  notes: TextareaProps & { error: string | undefined };
  more?: ReactNode;
  summary: ReactNode;
  below?: ReactNode;
  children?: ReactNode;
}) {
  const { noun } = saving.draft;
  const kind = DOCUMENT_KINDS[noun];
  const details = (
    <SectionCard title={`${noun} Details`} description={kind.details}>
      {/* minmax(0, …): a select's longest option (a long pharmacy name) must not widen a phone's page. */}
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' }} gap="5">
        {fields}
        <NotesField placeholder={kind.notesPlaceholder} {...notes} />
      </Grid>
    </SectionCard>
  );
  return (
    <chakra.form
      onSubmit={onSubmit}
      onChange={preloadSchemas}
      noValidate
      data-testid={`${noun.toLowerCase()}-form`}
    >
      <Stack gap="5">
        {notice}
        <Grid
          templateColumns={{ base: 'minmax(0, 1fr)', lg: `minmax(0, 1fr) ${kind.summaryWidth}` }}
          gap="5"
          alignItems="start"
        >
          {more ? (
            <Stack gap="5">
              {details}
              {more}
            </Stack>
          ) : (
            details
          )}
          <SectionCard title={`${noun} Summary`}>
            <Stack gap={kind.summaryGap} data-testid={`${noun.toLowerCase()}-summary`}>
              {saved ? <SummaryRow label={`${noun} #`}>{saved.number}</SummaryRow> : null}
              <SummaryRow label="Status">
                <StatusBadge status={saved?.status ?? 'Draft'} colors={kind.colors} />
              </SummaryRow>
              {summary}
            </Stack>
          </SectionCard>
        </Grid>
        {below}
        <DraftFormFooter
          cancelTo={kind.list}
          noun={noun}
          isEdit={saved !== undefined}
          savedAgo={saving.draft.savedAgo}
          showSaveDraft={!saved || saved.status === 'Draft'}
          onSaveDraft={() => void saving.saveDraft()}
          savingDraft={saving.draft.saving}
          submitting={saving.submitting}
          submitDisabled={locked}
        />
      </Stack>
      {children}
    </chakra.form>
  );
}

/** A select of `options`, after a first one that stands for none (`none`). */
export function OptionsSelect({
  none,
  options,
  disabled,
  ...field
}: NativeSelectFieldProps & {
  none: { value: string | number; label: string };
  options: readonly { value: string | number; label: string }[];
  disabled?: boolean;
}) {
  return (
    <NativeSelect.Root disabled={disabled}>
      <NativeSelect.Field {...field}>
        <option value={none.value}>{none.label}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** The document's pharmacy, the full width of the details card. */
export function PharmacyPicker({
  error,
  helper,
  disabled,
  ...select
}: Omit<Parameters<typeof OptionsSelect>[0], 'none'> & {
  error: string | undefined;
  helper: ReactNode;
}) {
  return (
    <GridItem colSpan={{ md: 3 }}>
      <FormField label="Pharmacy" error={error} required disabled={disabled} helper={helper}>
        <OptionsSelect
          none={{ value: 0, label: 'Select a pharmacy' }}
          disabled={disabled}
          {...select}
        />
      </FormField>
    </GridItem>
  );
}

/** A label and its value, a line of the summary card. */
export function SummaryRow({
  label,
  testId,
  children,
}: {
  label: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Flex justify="space-between" align="baseline" gap="4" textStyle="sm">
      <Text color="fg.muted">{label}</Text>
      <Box
        fontWeight="medium"
        fontVariantNumeric="tabular-nums"
        textAlign="end"
        data-testid={testId}
      >
        {children}
      </Box>
    </Flex>
  );
}

/** The document's notes, the full width of the details card's three columns. */
function NotesField({ error, ...props }: TextareaProps & { error: string | undefined }) {
  return (
    <GridItem colSpan={{ md: 3 }}>
      <FormField label="Notes" error={error}>
        <Textarea rows={2} autoresize {...props} />
      </FormField>
    </GridItem>
  );
}

/** The foot of the summary card: the total, large, and `note` on how it is figured. */
export function SummaryTotal({
  total,
  testId,
  note,
}: {
  total: string;
  testId: string;
  note: string;
}) {
  return (
    <>
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
          data-testid={testId}
        >
          {total}
        </Text>
      </Flex>
      <Text textStyle="xs" color="fg.muted">
        {note}
      </Text>
    </>
  );
}

/**
 * Save Draft of a new document: `save` creates the draft the first time and updates it after
 * (`draftId`); `savedAgo` tells how long ago it last saved.
 */
export function useDraft(noun: DocumentNoun) {
  const [draftId, setDraftId] = useState<number | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const savedAgo = useSavedAgo(savedAt);
  const lower = noun.toLowerCase();

  const save = async (
    send: () => Promise<{ id: number }>,
    afterSave: () => Promise<unknown>,
    onError: (error: unknown) => void,
  ) => {
    setSaving(true);
    try {
      const saved = await send();
      setDraftId(saved.id);
      setSavedAt(Date.now());
      notify.success(`Your ${lower} draft has been saved successfully.`, 'Draft saved');
      await afterSave();
    } catch (error) {
      onError(error);
      notify.error('Save failed', `There was an error saving your ${lower} draft.`);
    } finally {
      setSaving(false);
    }
  };

  return { noun, draftId, savedAgo, saving, save };
}
