// The pharmacy filter's combobox: its own chunk, loaded the first time the filter is used (or
// opened with a pharmacy chosen), with its recipe, which the app's theme leaves out.
import { useMemo, useState, type ReactNode } from 'react';
import { Combobox, createListCollection, useFilter } from '@chakra-ui/react';
import { comboboxSlotRecipe } from '@chakra-ui/react/theme';
import { trpc } from '../../lib/trpc';

/** The most pharmacies the list shows at a time: typing narrows it. */
const SHOWN = 50;

export function PharmacyCombobox({
  value,
  onChange,
  autoFocus,
  loading,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  /** Opened by the user: the box takes the focus and shows the pharmacies. */
  autoFocus?: boolean;
  /** Shown until the names are here (the box that stood for the combobox). */
  loading: ReactNode;
}) {
  const options = trpc.pharmacies.options.useQuery();
  const [text, setText] = useState('');
  const { contains } = useFilter({ sensitivity: 'base' });
  const all = options.data;
  const collection = useMemo(
    () =>
      createListCollection({
        items: (all ?? []).filter((p) => contains(p.name, text)).slice(0, SHOWN),
        itemToString: (pharmacy) => pharmacy.name,
        itemToValue: (pharmacy) => String(pharmacy.id),
      }),
    [all, contains, text],
  );
  const chosen = all?.find((p) => p.id === value);
  if (!all) return loading;

  return (
    <Combobox.Root
      recipe={comboboxSlotRecipe}
      size="sm"
      width={{ base: 'full', sm: '64' }}
      collection={collection}
      value={value ? [String(value)] : []}
      // A choice from the URL shows its name.
      defaultInputValue={chosen?.name ?? ''}
      defaultOpen={autoFocus}
      openOnClick
      onInputValueChange={(details) => {
        if (details.reason === 'input-change') setText(details.inputValue);
      }}
      onOpenChange={(details) => {
        // Opened again: every pharmacy, not only those of the last search.
        if (details.open && details.reason !== 'input-change') setText('');
      }}
      onValueChange={(details) => onChange(details.value[0] ? Number(details.value[0]) : undefined)}
      data-testid="pharmacy-filter"
    >
      <Combobox.Label>Pharmacy</Combobox.Label>
      <Combobox.Control>
        <Combobox.Input name="pharmacy" placeholder="All pharmacies" autoFocus={autoFocus} />
        <Combobox.IndicatorGroup>
          <Combobox.ClearTrigger aria-label="All pharmacies" />
          <Combobox.Trigger aria-label="Show pharmacies" />
        </Combobox.IndicatorGroup>
      </Combobox.Control>
      <Combobox.Positioner>
        <Combobox.Content>
          <Combobox.Empty>No pharmacy matches</Combobox.Empty>
          {collection.items.map((pharmacy) => (
            <Combobox.Item key={pharmacy.id} item={pharmacy}>
              {pharmacy.name}
              <Combobox.ItemIndicator />
            </Combobox.Item>
          ))}
        </Combobox.Content>
      </Combobox.Positioner>
    </Combobox.Root>
  );
}
