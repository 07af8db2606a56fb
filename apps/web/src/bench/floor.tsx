import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Button, Card, ChakraProvider, Table } from '@chakra-ui/react';
import { createAppSystem } from '../theme/system';

/**
 * The navigation bench's floor (bench/navigation.ts), built only with BENCH_FLOOR=1: what a click
 * that fetches a screen's data and paints its rows costs with nothing of the app around them. The
 * bench hands it the cells a screen showed (`window.floor.set`), then clicks Load: one request to
 * the screen's REST list, then the same number of rows and cells in the app's theme and Chakra
 * table components, as the app's lists draw them.
 */
interface Pending {
  url: string;
  cells: string[][];
}

declare global {
  interface Window {
    floor: { set: (pending: Pending) => void };
  }
}

let pending: Pending = { url: '/api/user', cells: [] };
window.floor = {
  set(next) {
    pending = next;
  },
};

function Floor() {
  const [rows, setRows] = useState<string[][] | null>(null);
  const load = async () => {
    setRows(null);
    const { url, cells } = pending;
    const res = await fetch(url);
    await res.json();
    setRows(cells);
  };
  return (
    <>
      <Button data-testid="floor-load" onClick={() => void load()}>
        Load
      </Button>
      {rows ? (
        <Card.Root overflow="hidden" data-testid="floor-rows">
          <Table.ScrollArea>
            <Table.Root size="sm">
              <Table.Body>
                {rows.map((row, i) => (
                  <Table.Row key={i}>
                    {row.map((cell, j) => (
                      <Table.Cell key={j}>{cell}</Table.Cell>
                    ))}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Card.Root>
      ) : null}
    </>
  );
}

const system = createAppSystem();
createRoot(document.getElementById('root')!).render(
  <ChakraProvider value={system}>
    <Floor />
  </ChakraProvider>,
);
