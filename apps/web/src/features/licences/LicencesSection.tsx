import { useState } from 'react';
import { Badge, Box, Button, HStack, IconButton, Table, Text } from '@chakra-ui/react';
import { LuCheck, LuFileText, LuPencil, LuPlus, LuTrash2, LuUpload } from 'react-icons/lu';
import {
  LICENCE_KIND_LABELS,
  LICENCE_STATUS_LABELS,
  formatDate,
  type LicenceOutput,
} from '@pharm/validators';
import { can } from '@pharm/validators/roles';
import { useFileUpload } from '../../components/FileUploadInput';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { EMPTY } from '../../lib/text';
import { trpc } from '../../lib/trpc';
import { uploadLicenceDocument } from './document';
import { LICENCE_STATUS_COLORS } from './format';
import { inputOf } from './licence-input';
import { lazyDialog } from '../../components/lazyDialog';

type Licence = LicenceOutput;

// The form (and the schema that checks it, with zod) loads at its first opening.
const LazyLicenceDialog = lazyDialog(() => import('./LicenceDialog').then((m) => m.LicenceDialog));

/**
 * A pharmacy's licences (issue 29): the list with each one's status today, and for accountants
 * and admins adding, editing, verifying, deleting and uploading the scan. Mounted by the pharmacy
 * details dialog and by the pharmacy's record page.
 */
export function LicencesSection({ pharmacyId }: { pharmacyId: number }) {
  // The signed-in user as the frame cached it (auth.me); read here, not through useCurrentUser,
  // which would split that small module into a chunk of its own.
  const user = trpc.auth.me.useQuery(undefined, { staleTime: Infinity }).data;
  const canWrite = can(user?.role, 'licences.write');
  const utils = trpc.useUtils();
  const list = trpc.licences.list.useQuery({ id: pharmacyId });
  const [editing, setEditing] = useState<Licence | 'new' | null>(null);
  const update = trpc.licences.update.useMutation();
  const remove = trpc.licences.delete.useMutation();

  const refresh = async () => {
    await Promise.all([utils.licences.invalidate(), utils.search.invalidate()]);
  };
  const upload = useFileUpload({
    accept: 'application/pdf,image/png,image/jpeg',
    testId: 'licence-upload-input',
    upload: uploadLicenceDocument,
    success: 'Document uploaded',
    onUploaded: refresh,
  });
  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      notify.success(success);
      await refresh();
    } catch (error) {
      notify.error('Error', errorMessage(error));
    }
  };
  const verify = (licence: Licence) =>
    run(
      () => update.mutateAsync({ id: licence.id, data: { ...inputOf(licence), verified: true } }),
      `Licence ${licence.number} marked verified`,
    );

  return (
    <Box data-testid="licences-section" mt="6">
      <HStack justify="space-between" mb="3">
        <Box>
          <Text fontWeight="semibold">Licences</Text>
          <Text textStyle="sm" color="fg.muted">
            State licences, DEA and 503B registrations, resale certificates.
          </Text>
        </Box>
        {canWrite ? (
          <Button size="sm" variant="outline" onClick={() => setEditing('new')}>
            <LuPlus /> Add Licence
          </Button>
        ) : null}
      </HStack>
      {list.isPending ? (
        <Text color="fg.muted">Loading licences…</Text>
      ) : list.isError ? (
        <Text color="red.600">Could not load the licences: {errorMessage(list.error)}</Text>
      ) : list.data.length === 0 ? (
        <Text color="fg.muted" data-testid="licences-empty">
          No licences on file.
        </Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md" position="relative">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Licence</Table.ColumnHeader>
                <Table.ColumnHeader>Covers</Table.ColumnHeader>
                <Table.ColumnHeader>Expires</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Text srOnly>Actions</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.data.map((licence) => (
                <Table.Row key={licence.id} data-testid={`licence-row-${licence.id}`}>
                  <Table.Cell>
                    <Text fontWeight="medium">{licence.number}</Text>
                    <Text textStyle="xs" color="fg.muted">
                      {LICENCE_KIND_LABELS[licence.kind]}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    {[
                      licence.state,
                      licence.schedules.length ? `C${licence.schedules.join(', C')}` : null,
                    ]
                      .filter(Boolean)
                      .join(' · ') || EMPTY}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    {licence.expiresOn ? formatDate(licence.expiresOn) : EMPTY}
                  </Table.Cell>
                  <Table.Cell>
                    <Badge
                      colorPalette={LICENCE_STATUS_COLORS[licence.status]}
                      data-testid="licence-status"
                    >
                      {LICENCE_STATUS_LABELS[licence.status]}
                    </Badge>
                    {licence.verifiedAt ? (
                      <Text textStyle="xs" color="fg.muted" mt="1">
                        Verified by {licence.verifiedBy ?? 'a former user'},{' '}
                        {formatDate(licence.verifiedAt)}
                      </Text>
                    ) : (
                      <Text textStyle="xs" color="fg.muted" mt="1">
                        Not verified
                      </Text>
                    )}
                  </Table.Cell>

                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {licence.hasDocument ? (
                      <IconButton
                        asChild
                        size="xs"
                        variant="ghost"
                        aria-label={`View the document of ${licence.number}`}
                      >
                        <a
                          href={`/api/licences/${licence.id}/document`}
                          target="_blank"
                          rel="noopener"
                        >
                          <LuFileText />
                        </a>
                      </IconButton>
                    ) : null}
                    {canWrite ? (
                      <>
                        <IconButton
                          size="xs"
                          variant="ghost"
                          aria-label={`Upload the document of ${licence.number}`}
                          onClick={() => upload.choose(licence.id)}
                        >
                          <LuUpload />
                        </IconButton>
                        {licence.verifiedAt ? null : (
                          <IconButton
                            size="xs"
                            variant="ghost"
                            aria-label={`Mark ${licence.number} verified`}
                            onClick={() => void verify(licence)}
                          >
                            <LuCheck />
                          </IconButton>
                        )}
                        <IconButton
                          size="xs"
                          variant="ghost"
                          aria-label={`Edit ${licence.number}`}
                          onClick={() => setEditing(licence)}
                        >
                          <LuPencil />
                        </IconButton>
                        <IconButton
                          size="xs"
                          variant="ghost"
                          colorPalette="red"
                          aria-label={`Delete ${licence.number}`}
                          onClick={() => {
                            if (window.confirm(`Delete licence ${licence.number}?`)) {
                              void run(
                                () => remove.mutateAsync({ id: licence.id }),
                                `Licence ${licence.number} deleted`,
                              );
                            }
                          }}
                        >
                          <LuTrash2 />
                        </IconButton>
                      </>
                    ) : null}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {upload.input}
      <LazyLicenceDialog
        pharmacyId={pharmacyId}
        target={editing}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
    </Box>
  );
}
