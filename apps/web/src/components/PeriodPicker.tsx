import { useState } from 'react';
import { Field, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { todayIso } from '@pharm/validators';
import { periodPresets, presetOf, type Period } from '../lib/period';

const CUSTOM = 'Custom';

/** A choice beside the period of which date it bounds (an invoice's date or its due date). */
export interface PeriodField {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}

/**
 * The one period picker (reports, statement, the lists' date filters): a select of the shared
 * presets (lib/period.ts) and Custom, which shows From and To. `onChange` gets a preset's period,
 * null for All time (where `allTime` offers it), or the custom dates once both are set and in
 * order; until then the dates stay here and the period shown does not change. Native controls:
 * keyboard and phone friendly, and nothing to load.
 */
export function PeriodPicker({
  value,
  onChange,
  label,
  allTime = true,
  field,
  testId,
}: {
  /** The period shown: null or no dates is all time. */
  value: Partial<Period> | null;
  onChange: (period: Period | null) => void;
  /** The select's label: 'Period', 'Order date'. */
  label: string;
  allTime?: boolean;
  field?: PeriodField;
  testId?: string;
}) {
  const today = todayIso();
  const presets = periodPresets(today).filter((preset) => allTime || preset.period);
  const matched = presetOf(presets, value);
  const [customChosen, setCustomChosen] = useState(false);
  const [draft, setDraft] = useState<Partial<Period>>(value ?? {});
  const [synced, setSynced] = useState(value);
  // The period changed from outside (a link, back/forward, a preset): the dates follow it.
  if (value?.from !== synced?.from || value?.to !== synced?.to) {
    setSynced(value);
    setDraft(value ?? {});
  }
  const custom = customChosen || !matched;

  const choose = (choice: string) => {
    if (choice === CUSTOM) {
      setCustomChosen(true);
      // Custom starts from the period shown, or this month.
      if (!draft.from || !draft.to) setDraft(value?.from && value.to ? value : presets[0]!.period!);
      return;
    }
    const preset = presets.find((p) => p.label === choice);
    if (!preset) return;
    setCustomChosen(false);
    onChange(preset.period);
  };
  const edit = (next: Partial<Period>) => {
    setDraft(next);
    if (next.from && next.to && next.from <= next.to) onChange({ from: next.from, to: next.to });
  };
  const backwards = !!draft.from && !!draft.to && draft.from > draft.to;
  // On a phone the boxes pair up, two to a row, the width of the screen.
  const flex = { base: '1 1 40%', sm: 'none' } as const;
  // Alone, the period takes its row, and From and To the next.
  const periodFlex = field ? flex : ({ base: '1 1 100%', sm: 'none' } as const);

  return (
    <HStack
      gap="3"
      align="flex-start"
      wrap="wrap"
      w={{ base: 'full', sm: 'auto' }}
      data-testid={testId}
    >
      {field ? (
        <Field.Root w="auto" flex={flex} minW="0">
          <Field.Label>{field.label}</Field.Label>
          <NativeSelect.Root size="sm" w={{ base: 'full', sm: '36' }}>
            <NativeSelect.Field
              name="dateField"
              value={field.value}
              onChange={(e) => field.onChange(e.currentTarget.value)}
            >
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      ) : null}
      <Field.Root w="auto" flex={periodFlex} minW="0">
        <Field.Label>{label}</Field.Label>
        <NativeSelect.Root size="sm" w={{ base: 'full', sm: '40' }}>
          <NativeSelect.Field
            name="period"
            value={custom ? CUSTOM : (matched?.label ?? CUSTOM)}
            onChange={(e) => choose(e.currentTarget.value)}
          >
            {presets.map((preset) => (
              <option key={preset.label} value={preset.label}>
                {preset.label}
              </option>
            ))}
            <option value={CUSTOM}>{CUSTOM}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {custom ? (
        <>
          <Field.Root w="auto" flex={flex} minW="0" invalid={backwards}>
            <Field.Label>From</Field.Label>
            <Input
              type="date"
              size="sm"
              name="from"
              value={draft.from ?? ''}
              max={draft.to || undefined}
              onChange={(e) => edit({ ...draft, from: e.target.value })}
            />
          </Field.Root>
          <Field.Root w="auto" flex={flex} minW="0" invalid={backwards}>
            <Field.Label>To</Field.Label>
            <Input
              type="date"
              size="sm"
              name="to"
              value={draft.to ?? ''}
              min={draft.from || undefined}
              onChange={(e) => edit({ ...draft, to: e.target.value })}
            />
            <Field.ErrorText>To date must not precede From date</Field.ErrorText>
          </Field.Root>
        </>
      ) : null}
    </HStack>
  );
}
