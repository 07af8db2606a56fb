import { useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  CloseButton,
  DataList,
  Dialog,
  HStack,
  Portal,
  type DialogBodyProps,
} from '@chakra-ui/react';

/**
 * The record a details dialog shows: the last non-null `record`, so the dialog keeps its content
 * while it animates out after `record` became null.
 */
export function useLastShown<T>(record: T | null) {
  const [shown, setShown] = useState(record);
  if (record && record !== shown) setShown(record);
  return shown;
}

/**
 * A read-only dialog about one record, closed by its close button, Escape or a click outside.
 * `children` are its header, body and footer (DetailsContent for a record with a history).
 */
export function DetailsDialog({
  open,
  onClose,
  size,
  testId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  size: 'lg' | 'xl';
  testId: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      size={size}
      placement="center"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" colorPalette="gray" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The Details and History tabs of the record shown (useRecordTabs). */
interface RecordTabs {
  list: ReactNode;
  detailsBody: DialogBodyProps;
  historyBody: ReactNode;
}

/**
 * The header, body and footer of a record's details dialog: the title (with `badge` beside it),
 * `subtitle` under it, then the tabs; `children` are the Details tab. The footer has a Close
 * button when `onClose` is given, then `actions`.
 */
export function DetailsContent({
  title,
  badge,
  subtitle,
  tabs,
  bodyProps,
  onClose,
  actions,
  children,
}: {
  title: ReactNode;
  badge?: ReactNode;
  subtitle: ReactNode;
  tabs: RecordTabs;
  bodyProps?: DialogBodyProps;
  onClose?: () => void;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
        <HStack gap="3">
          <Dialog.Title fontVariantNumeric="tabular-nums">{title}</Dialog.Title>
          {badge}
        </HStack>
        <Box textStyle="sm" color="fg.muted">
          {subtitle}
        </Box>
        {tabs.list}
      </Dialog.Header>
      <Dialog.Body {...bodyProps} {...tabs.detailsBody}>
        {children}
      </Dialog.Body>
      {tabs.historyBody}
      <Dialog.Footer>
        {onClose ? (
          <Button variant="outline" colorPalette="gray" onClick={onClose}>
            Close
          </Button>
        ) : null}
        {actions}
      </Dialog.Footer>
    </>
  );
}

/** The fields of a record, a label before each value. */
export function DetailsList({ children }: { children: ReactNode }) {
  return (
    <DataList.Root orientation="horizontal" gap="3.5" size="md">
      {children}
    </DataList.Root>
  );
}

export function DetailsItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="36">{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
