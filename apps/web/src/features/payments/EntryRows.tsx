import type { ReactNode } from 'react';
import { Input, Table, Text } from '@chakra-ui/react';

/** One row: what it is (its cells) and the figure typed for it. */
export interface EntryRow {
  key: number;
  testId: string;
  /** The row's cells before the box (Table.Cell elements). */
  cells: ReactNode;
  name: string;
  ariaLabel: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * A table of documents or lines with a figure typed on each row (the amount applied to each open
 * invoice, the quantity returned of each invoiced line), the row's error under its box.
 */
export function EntryRows({
  label,
  headers,
  inputHeader,
  inputMode,
  inputWidth,
  rows,
}: {
  label: string;
  /** The cells' headers; `end` aligns a column of figures right. */
  headers: { label: string; end?: boolean }[];
  inputHeader: string;
  inputMode: 'decimal' | 'numeric';
  inputWidth: string;
  rows: EntryRow[];
}) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            {headers.map((h) => (
              <Table.ColumnHeader key={h.label} textAlign={h.end ? 'end' : undefined}>
                {h.label}
              </Table.ColumnHeader>
            ))}
            <Table.ColumnHeader textAlign="end">{inputHeader}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.key} data-testid={row.testId}>
              {row.cells}
              <Table.Cell textAlign="end">
                <Input
                  size="sm"
                  w={inputWidth}
                  textAlign="end"
                  inputMode={inputMode}
                  name={row.name}
                  aria-label={row.ariaLabel}
                  aria-invalid={row.error ? true : undefined}
                  disabled={row.disabled}
                  value={row.value}
                  onChange={(event) => row.onChange(event.target.value)}
                />
                {row.error ? (
                  <Text textStyle="xs" color="fg.error">
                    {row.error}
                  </Text>
                ) : null}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
