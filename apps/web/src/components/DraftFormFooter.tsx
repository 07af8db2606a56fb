import { Button, Card, HStack, Text } from '@chakra-ui/react';
import { Link, type LinkProps } from '@tanstack/react-router';
import { LuClock } from 'react-icons/lu';

/**
 * The action bar of a form that can be saved as a draft (orders, invoices): 'Saved Ns ago',
 * Cancel, Save Draft while the record is new or still a draft, and Create/Update `noun`. One
 * save at a time: while one is pending, the other buttons wait.
 */
export function DraftFormFooter({
  cancelTo,
  noun,
  isEdit,
  savedAgo,
  showSaveDraft,
  onSaveDraft,
  savingDraft,
  submitting,
  submitDisabled = false,
}: {
  cancelTo: LinkProps['to'];
  noun: string;
  isEdit: boolean;
  savedAgo: string | null;
  showSaveDraft: boolean;
  onSaveDraft: () => void;
  savingDraft: boolean;
  submitting: boolean;
  /** Submitting is refused for another reason than a pending save (a locked record). */
  submitDisabled?: boolean;
}) {
  const pending = savingDraft || submitting;
  return (
    <Card.Root
      flexDirection="row"
      justifyContent="flex-end"
      alignItems="center"
      gap="3"
      flexWrap="wrap"
      px={{ base: '5', md: '6' }}
      py="4"
    >
      {savedAgo ? (
        <HStack gap="1.5" color="fg.muted" textStyle="sm" me="auto" data-testid="saved-ago">
          <LuClock />
          <Text>{savedAgo}</Text>
        </HStack>
      ) : null}
      <Button variant="outline" colorPalette="gray" asChild>
        <Link to={cancelTo}>Cancel</Link>
      </Button>
      {showSaveDraft ? (
        <Button
          type="button"
          variant="subtle"
          onClick={onSaveDraft}
          loading={savingDraft}
          loadingText="Saving..."
          disabled={pending && !savingDraft}
        >
          Save Draft
        </Button>
      ) : null}
      <Button
        type="submit"
        loading={submitting}
        loadingText={isEdit ? 'Updating...' : 'Creating...'}
        disabled={submitDisabled || (pending && !submitting)}
      >
        {isEdit ? `Update ${noun}` : `Create ${noun}`}
      </Button>
    </Card.Root>
  );
}
