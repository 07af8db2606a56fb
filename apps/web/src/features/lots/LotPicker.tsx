import type { ReactNode } from 'react';
import { NativeSelect } from '@chakra-ui/react';
import { formatDate } from '@pharm/validators';
import { trpc } from '../../lib/trpc';

/**
 * A line's lot: the released lots of its variant (or of its product, when sold without a
 * variant), earliest expiry first; expired and unreleased lots are not offered, and those inside
 * the pharmacy's minimum shelf life are marked (the server refuses them at fulfilment). A lot
 * already on the line stays shown whatever it has become. `empty` shows instead when there is no
 * lot to offer (nothing by default).
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
  const lots = trpc.lots.list.useQuery(
    {
      sku: sku ?? undefined,
      status: 'released',
      ...(pharmacyId ? { pharmacyId } : {}),
    },
    { enabled: !!sku },
  );
  const offered = (lots.data ?? []).filter((lot) => !lot.expired);
  const current = value !== null && !offered.some((lot) => lot.id === value) ? value : null;
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
        {current !== null ? <option value={current}>Lot #{current} (unavailable)</option> : null}
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
