import { Button, HStack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';

/**
 * The two screens behind the menu's Recall item: who received a lot (issue 12's search, the
 * item's own page) and the recalls run to each pharmacy's acknowledgement (issue 30). Links, so
 * each keeps its own address.
 */
export function RecallTabs({ current }: { current: '/recall' | '/recalls' }) {
  const tabs = [
    { to: '/recall', label: 'Find by lot' },
    { to: '/recalls', label: 'Recalls' },
  ] as const;
  return (
    <HStack gap="2" mb="5" aria-label="Recall screens" role="group" data-testid="recall-tabs">
      {tabs.map((tab) => (
        <Button
          key={tab.to}
          asChild
          size="sm"
          variant={tab.to === current ? 'subtle' : 'ghost'}
          colorPalette={tab.to === current ? 'brand' : 'gray'}
        >
          <Link to={tab.to} aria-current={tab.to === current ? 'page' : undefined}>
            {tab.label}
          </Link>
        </Button>
      ))}
    </HStack>
  );
}
