import { useState, type ReactNode } from 'react';
import { NativeSelect } from '@chakra-ui/react';
import { formatDate } from '@pharm/validators';
import { trpc } from '../../lib/trpc';

/**
 * A line's lot: the released lots of its variant (or of its product, when sold without a
 * variant), earliest expiry first; expired and unreleased lots are not offered, and those inside
 * the pharmacy's minimum shelf life are marked (the server refuses them at fulfilment). A lot
 * already on the line stays shown whatever it has become, named with why it is not offered
 * ('LT2511-0003 — recalled'): the server refuses it at issue. `empty` shows instead when there is
 * no lot to offer (nothing by default).
 */
export function LotPicker({
  sku,
  pharmacyId,
  value,
  label,
  name,
  onChange,
  empty = null,
}: {
  sku: string | null;
  pharmacyId: number | null;
  value: number | null;
  label: string;
  name: string;
  onChange: (lotId: number | null) => void;
  empty?: ReactNode;
}) {
  // The lot the line came with: the one that may no longer be offered. A lot picked later is
  // one of those offered, so picking does not ask again.
  const [saved] = useState(value);
  const options = trpc.lots.options.useQuery(
    {
      sku: sku ?? '',
      ...(pharmacyId ? { pharmacyId } : {}),
      ...(saved !== null ? { lotId: saved } : {}),
    },
    { enabled: !!sku },
  );
  const offered = (options.data ?? []).filter((lot) => lot.unavailable === null);
  const current =
    value !== null && !offered.some((lot) => lot.id === value)
      ? (options.data?.find((lot) => lot.id === value) ?? {
          id: value,
          lotNumber: null,
          unavailable: null,
        })
      : null;
  if (!sku || (!offered.length && value === null)) return empty;
  return (
    <NativeSelect.Root size="sm" mt="1">
      <NativeSelect.Field
        name={name}
        aria-label={label}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">No lot</option>
        {current !== null ? (
          <option value={current.id}>
            {current.lotNumber
              ? `${current.lotNumber} — ${current.unavailable ?? 'unavailable'}`
              : options.isPending
                ? 'Loading lot…'
                : `Lot #${current.id} (unavailable)`}
          </option>
        ) : null}
        {offered.map((lot) => (
          <option key={lot.id} value={lot.id}>
            {`${lot.lotNumber} · exp. ${formatDate(lot.expiryDate)}${lot.insideShelfLife ? ' · short-dated' : ''}`}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
