import { Button } from '@chakra-ui/react';
import { LuDownload } from 'react-icons/lu';

/** `path?a=1&b=2` with the filters that are set; an unset or empty one is left out. */
export function exportHref(path: string, filters: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters))
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * 'Export CSV' of a list: a plain download of the server's streamed export (`GET /api/x.csv`)
 * with the filters of the list's query (its text filter and its tab's), so the file holds every
 * page of what the list shows, not only the rows loaded so far. The session cookie goes with the
 * link like any request.
 */
export function ExportCsvButton({
  path,
  filters,
}: {
  path: string;
  filters: Record<string, unknown>;
}) {
  return (
    <Button variant="outline" colorPalette="gray" bg="bg.panel" asChild>
      <a href={exportHref(path, filters)} download data-testid="export-csv">
        <LuDownload /> Export CSV
      </a>
    </Button>
  );
}
