import { useId, useState, type KeyboardEvent } from 'react';
import { Dialog, HStack, chakra } from '@chakra-ui/react';
import type { ActivityEntityType } from '@pharm/validators';
import { RecordHistory } from './RecordHistory';

type Tab = 'details' | 'history';
const TABS: readonly { value: Tab; label: string }[] = [
  { value: 'details', label: 'Details' },
  { value: 'history', label: 'History' },
];

const TabButton = chakra('button', {
  base: {
    px: '1',
    pb: '1.5',
    textStyle: 'sm',
    fontWeight: 'medium',
    color: 'fg.muted',
    borderBottomWidth: '2px',
    borderColor: 'transparent',
    cursor: 'pointer',
    _selected: { color: 'fg', borderColor: 'brand.solid' },
    _hover: { color: 'fg' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
  },
});

/**
 * The Details and History tabs of a details dialog, added around its existing parts: `list` goes
 * at the end of the dialog's header, `detailsBody` onto its Dialog.Body (hidden while History is
 * open) and `historyBody` right after it. History loads when opened; another record opens on Details.
 */
export function useRecordTabs(entityType: ActivityEntityType, entityId: number | undefined) {
  const id = useId();
  const [tab, setTab] = useState<Tab>('details');
  const [shownId, setShownId] = useState(entityId);
  if (entityId !== shownId) {
    setShownId(entityId);
    setTab('details');
  }
  const tabId = (value: Tab) => `${id}-tab-${value}`;
  const panelId = (value: Tab) => `${id}-panel-${value}`;

  // Arrow keys move between the two tabs (the WAI-ARIA tabs pattern, activation on focus).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next = tab === 'details' ? 'history' : 'details';
    setTab(next);
    document.getElementById(tabId(next))?.focus();
  };

  const list = (
    <HStack role="tablist" aria-label="Record views" gap="4" mt="2" onKeyDown={onKeyDown}>
      {TABS.map(({ value, label }) => (
        <TabButton
          key={value}
          type="button"
          role="tab"
          id={tabId(value)}
          aria-selected={tab === value}
          aria-controls={panelId(value)}
          tabIndex={tab === value ? 0 : -1}
          data-testid={`${value}-tab`}
          onClick={() => setTab(value)}
        >
          {label}
        </TabButton>
      ))}
    </HStack>
  );

  // The panels take focus (the tabs pattern's advice): a panel that scrolls must be reachable by
  // keyboard, also when it holds no link or button (axe's scrollable-region-focusable).
  return {
    list,
    detailsBody: {
      id: panelId('details'),
      role: 'tabpanel',
      tabIndex: 0,
      'aria-labelledby': tabId('details'),
      hidden: tab !== 'details',
      display: tab !== 'details' ? 'none' : undefined,
    },
    historyBody:
      tab === 'history' && entityId !== undefined ? (
        <Dialog.Body
          id={panelId('history')}
          role="tabpanel"
          tabIndex={0}
          aria-labelledby={tabId('history')}
        >
          <RecordHistory entityType={entityType} entityId={entityId} />
        </Dialog.Body>
      ) : null,
  };
}
