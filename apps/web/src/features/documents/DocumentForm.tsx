import { useState, type ReactNode } from 'react';
import {
  Box,
  Flex,
  GridItem,
  Separator,
  Text,
  Textarea,
  type TextareaProps,
} from '@chakra-ui/react';
import { FormField } from '../../components/FormField';
import { notify } from '../../lib/notify';
import { useSavedAgo } from './useSavedAgo';

/** The blocks of the order and invoice forms. */

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
export function NotesField({ error, ...props }: TextareaProps & { error: string | undefined }) {
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
export function useDraft(noun: 'order' | 'invoice') {
  const [draftId, setDraftId] = useState<number | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const savedAgo = useSavedAgo(savedAt);

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
      notify.success(`Your ${noun} draft has been saved successfully.`, 'Draft saved');
      await afterSave();
    } catch (error) {
      onError(error);
      notify.error('Save failed', `There was an error saving your ${noun} draft.`);
    } finally {
      setSaving(false);
    }
  };

  return { draftId, savedAgo, saving, save };
}
