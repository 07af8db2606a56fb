// A list's sort and filters beside its text filter and tabs: the column headers that sort, the
// phone's Sort by select, and the date range and pharmacy over the table. Their state is the
// route's search params (route.ts), which the list's query and Export CSV follow.
import { chakra, Field, Flex, NativeSelect } from '@chakra-ui/react';
import { LuArrowDown, LuArrowUp, LuArrowUpDown } from 'react-icons/lu';
import { PeriodPicker } from '../../components/PeriodPicker';
import { PharmacyFilter } from './PharmacyFilter';
import type { ListControls, ListSearch, SortOrder } from './route';
import type { useListSearch } from './useListSearch';

/** The list's sort as its headers show it, and the change a header asks for. */
export interface Sorting {
  sort?: string;
  order?: SortOrder;
  onSort: (sort: string, order: SortOrder) => void;
  /** A header's press: sorts by `field`, or the other way if the URL already sorts by it. */
  onToggle: (field: string) => void;
}

/**
 * The order a header's press asks for: ascending first, then the other way at each press. It reads
 * the sort the URL holds at the press, not the one last rendered, so two quick presses sort
 * descending.
 */
export function toggledOrder(current: { sort?: string; order?: SortOrder }, field: string) {
  return current.sort === field && current.order !== 'desc' ? 'desc' : 'asc';
}

/** A column header's aria-sort: the sorted column's direction, 'none' on the others. */
export function ariaSort(sorting: Sorting, field: string) {
  if (sorting.sort !== field) return 'none' as const;
  return sorting.order === 'desc' ? ('descending' as const) : ('ascending' as const);
}

const SortHeaderButton = chakra('button', {
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    font: 'inherit',
    color: 'inherit',
    cursor: 'pointer',
    rounded: 'sm',
    _hover: { color: 'fg' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
    '& svg': { flexShrink: 0 },
  },
});

/**
 * A sortable column's header: a button that sorts by it, ascending first, then the other way at
 * each press. The header cell carries `aria-sort`.
 */
export function SortHeader({
  label,
  field,
  sorting,
}: {
  label: string;
  field: string;
  sorting: Sorting;
}) {
  const active = sorting.sort === field;
  const Icon = !active ? LuArrowUpDown : sorting.order === 'desc' ? LuArrowDown : LuArrowUp;
  return (
    <SortHeaderButton
      type="button"
      onClick={() => sorting.onToggle(field)}
      data-testid={`sort-${field}`}
    >
      {label}
      <Icon aria-hidden="true" opacity={active ? 1 : 0.45} />
    </SortHeaderButton>
  );
}

const DEFAULT_SORT = '';

/** The phone's sort (below md, where the table's header is hidden): one choice per field and way. */
function SortSelect({
  fields,
  sorting,
}: {
  fields: readonly { field: string; label: string }[];
  sorting: Sorting;
}) {
  const value = sorting.sort ? `${sorting.sort}:${sorting.order ?? 'asc'}` : DEFAULT_SORT;
  return (
    <Field.Root w={{ base: 'full', sm: 'auto' }} hideFrom="md">
      <Field.Label>Sort by</Field.Label>
      <NativeSelect.Root size="sm" w={{ base: 'full', sm: '56' }}>
        <NativeSelect.Field
          name="sort"
          value={value}
          onChange={(e) => {
            const [sort = '', order] = e.currentTarget.value.split(':');
            sorting.onSort(sort, order === 'desc' ? 'desc' : 'asc');
          }}
        >
          <option value={DEFAULT_SORT}>Newest first</option>
          {fields.flatMap(({ field, label }) => [
            <option key={`${field}:asc`} value={`${field}:asc`}>
              {label}, ascending
            </option>,
            <option key={`${field}:desc`} value={`${field}:desc`}>
              {label}, descending
            </option>,
          ])}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/**
 * The row over a list's table: its date range (with the date it bounds, where there is a
 * choice), its pharmacy and, on a phone, its sort. Nothing where the list has none of them.
 */
export function ListControlsBar({
  controls,
  params,
  search,
  sortFields,
  sorting,
}: {
  controls: ListControls<string>;
  params: ListSearch<string, string>;
  search: Pick<ReturnType<typeof useListSearch>, 'update'>;
  sortFields: readonly { field: string; label: string }[];
  sorting: Sorting;
}) {
  const { dates, pharmacy } = controls;
  const phoneSort = sortFields.length > 0;
  if (!dates && !pharmacy && !phoneSort) return null;
  return (
    <Flex
      mb="4"
      gap="3"
      wrap="wrap"
      align="flex-start"
      hideFrom={dates || pharmacy ? undefined : 'md'}
      data-testid="list-controls"
    >
      {dates ? (
        <PeriodPicker
          label={dates.label}
          value={params.from || params.to ? { from: params.from, to: params.to } : null}
          onChange={(period) => search.update({ from: period?.from, to: period?.to })}
          field={
            dates.fields
              ? {
                  label: 'Date',
                  value: params.dateField ?? dates.fields[0]!.value,
                  options: dates.fields,
                  onChange: (value) =>
                    search.update({
                      dateField: value === dates.fields![0]!.value ? undefined : (value as never),
                    }),
                }
              : undefined
          }
          testId="list-period"
        />
      ) : null}
      {pharmacy ? (
        <PharmacyFilter
          value={params.pharmacyId}
          onChange={(pharmacyId) => search.update({ pharmacyId })}
        />
      ) : null}
      {phoneSort ? <SortSelect fields={sortFields} sorting={sorting} /> : null}
    </Flex>
  );
}
