import { lazy, Suspense, useState } from 'react';
import { Field, Input } from '@chakra-ui/react';

const loadCombobox = () => import('./PharmacyCombobox');
const PharmacyCombobox = lazy(() => loadCombobox().then((m) => ({ default: m.PharmacyCombobox })));

/**
 * A list's pharmacy filter. Until it is used it is a plain box that looks the same: the
 * combobox and the pharmacies' names load on the first focus or click (hovering starts the
 * download), or at once when the URL has chosen a pharmacy, whose name it shows.
 */
export function PharmacyFilter({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  const [used, setUsed] = useState(false);
  const placeholder = (
    <Field.Root w={{ base: 'full', sm: '64' }}>
      <Field.Label>Pharmacy</Field.Label>
      <Input
        size="sm"
        name="pharmacy"
        readOnly
        placeholder="All pharmacies"
        aria-haspopup="listbox"
        onPointerEnter={() => void loadCombobox()}
        onFocus={() => setUsed(true)}
        onClick={() => setUsed(true)}
      />
    </Field.Root>
  );
  if (!used && value === undefined) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <PharmacyCombobox value={value} onChange={onChange} autoFocus={used} loading={placeholder} />
    </Suspense>
  );
}
