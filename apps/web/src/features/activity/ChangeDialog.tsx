import { Button, Dialog, Stack, Text } from '@chakra-ui/react';
import { DetailsDialog, useLastShown } from '../../components/DetailsDialog';
import type { ActivityItem } from './format';
import { ChangeHeading, ChangesTable, RecordHistory } from './RecordHistory';
import { ENTITY_NAMES } from './tabs';

/**
 * One change, field by field; for a record since deleted, its whole history, which ends in the
 * snapshot its delete kept.
 */
export function ChangeDialog({
  entry,
  onClose,
}: {
  entry: ActivityItem | null;
  onClose: () => void;
}) {
  const shown = useLastShown(entry);
  return (
    <DetailsDialog open={entry !== null} onClose={onClose} size="lg" testId="activity-details">
      {shown ? (
        <>
          <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
            <Dialog.Title>
              {ENTITY_NAMES[shown.entityType].one} {shown.label}
            </Dialog.Title>
            <Text textStyle="sm" color="fg.muted">
              {shown.recordExists ? 'What changed' : 'Deleted: its history and last snapshot'}
            </Text>
          </Dialog.Header>
          <Dialog.Body>
            {shown.recordExists ? (
              <Stack gap="3">
                <ChangeHeading entry={shown} />
                {shown.note ? (
                  <Text color="fg.muted" data-testid="activity-details-note">
                    {shown.note}
                  </Text>
                ) : null}
                <ChangesTable entry={shown} />
              </Stack>
            ) : (
              <RecordHistory entityType={shown.entityType} entityId={shown.entityId} />
            )}
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" colorPalette="gray" onClick={onClose}>
              Close
            </Button>
          </Dialog.Footer>
        </>
      ) : null}
    </DetailsDialog>
  );
}
