import { Box, Button, Stack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuDatabaseBackup, LuDownload } from 'react-icons/lu';
import { Panel } from '../../components/Panel';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { formatWhen } from '../activity/format';

type Backup = Extract<RouterOutputs['backups']['list'], { keptByServer: true }>['backups'][number];

const KIND_LABELS: Record<Backup['kind'], string> = {
  daily: 'Daily',
  shutdown: 'At shutdown',
  manual: 'Manual',
};

/** A file name or command in running text (the theme has no Code recipe). */
function Mono({ children }: { children: ReactNode }) {
  return (
    <Box as="code" fontFamily="mono" fontSize="0.9em" overflowWrap="anywhere">
      {children}
    </Box>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function BackupsTable({ backups }: { backups: Backup[] }) {
  if (backups.length === 0) {
    return (
      <Text px="5" pb="5" color="fg.muted">
        No backups yet.
      </Text>
    );
  }
  return (
    <Table.Root size="sm" variant="line" aria-labelledby="settings-backups">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader ps="5">Taken</Table.ColumnHeader>
          <Table.ColumnHeader>Kind</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Size</Table.ColumnHeader>
          <Table.ColumnHeader pe="5" textAlign="end">
            <Box as="span" srOnly>
              Download
            </Box>
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {backups.map((backup) => (
          <Table.Row key={backup.name} data-testid="backup-row">
            <Table.Cell ps="5" whiteSpace="nowrap">
              {formatWhen(backup.createdAt)}
            </Table.Cell>
            <Table.Cell>{KIND_LABELS[backup.kind]}</Table.Cell>
            <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
              {formatSize(backup.size)}
            </Table.Cell>
            <Table.Cell pe="5" textAlign="end">
              <Button size="xs" variant="outline" colorPalette="gray" asChild>
                <a
                  href={`/api/backups/${encodeURIComponent(backup.name)}`}
                  download={backup.name}
                  aria-label={`Download the backup of ${formatWhen(backup.createdAt)}`}
                >
                  <LuDownload /> Download
                </a>
              </Button>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/**
 * The embedded database's backups, which the server keeps itself; on PostgreSQL, where the
 * operator backs up, what to do instead. (Admins only once roles exist.)
 */
export function BackupsPanel() {
  const utils = trpc.useUtils();
  const list = trpc.backups.list.useQuery();
  const create = trpc.backups.create.useMutation({
    onSuccess: async () => {
      notify.success('Backup written');
      await utils.backups.list.invalidate();
    },
    onError: (error) => notify.error('Error', `Failed to back up: ${errorMessage(error)}`),
  });
  const data = list.data;
  return (
    <Panel
      title="Backups"
      titleId="settings-backups"
      mt="6"
      aside={
        data?.keptByServer ? (
          <Button
            size="sm"
            loading={create.isPending}
            loadingText="Backing up..."
            onClick={() => create.mutate()}
          >
            <LuDatabaseBackup /> Back up now
          </Button>
        ) : null
      }
    >
      {list.isError ? (
        <Stack p="5" color="red.600">
          Failed to load backups: {errorMessage(list.error)}
        </Stack>
      ) : !data ? null : data.keptByServer ? (
        <>
          <Text p="5" textStyle="sm" color="fg.muted">
            The embedded database is backed up every day while the server runs, and when it stops
            after changes, into <Mono>{data.folder}</Mono>; the newest {data.keep} are kept. Restore
            one with <Mono>pnpm db:restore FILE</Mono> (README, “Backups”).
          </Text>
          <BackupsTable backups={data.backups} />
        </>
      ) : (
        <Text p="5" textStyle="sm" color="fg.muted" data-testid="backups-operator">
          This server runs on PostgreSQL, which it does not back up itself: schedule{' '}
          <Mono>pg_dump</Mono> or use your provider’s snapshots. <Mono>pnpm db:backup</Mono> writes
          the same backup file as the embedded database’s, and <Mono>pnpm db:restore</Mono> reads it
          (README, “Backups”).
        </Text>
      )}
    </Panel>
  );
}
