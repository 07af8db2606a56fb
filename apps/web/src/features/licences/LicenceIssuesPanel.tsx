import { Badge, Box, Stack, Table, Text } from '@chakra-ui/react';
import { LICENCE_PROBLEM_LABELS, LICENCE_PROBLEMS } from '@pharm/validators';
import { errorMessage } from '../../lib/errors';
import { EMPTY } from '../../lib/text';
import { trpc } from '../../lib/trpc';
import { LICENCE_PROBLEM_COLORS } from './format';

/**
 * The pharmacies list's "Licence issues" tab: each pharmacy with a licence expired, expiring
 * within the warning days, without an expiry date, or none valid for its shipping state.
 * `onOpen` opens the pharmacy (its details, where its licences are kept).
 */
export function LicenceIssuesPanel({
  q,
  onOpen,
}: {
  q: string | undefined;
  onOpen: (pharmacyId: number) => void;
}) {
  const issues = trpc.licences.issues.useQuery();
  if (issues.isPending)
    return (
      <Text color="fg.muted" p="5">
        Loading licence issues…
      </Text>
    );
  if (issues.isError) {
    return (
      <Text color="red.600" p="5">
        Could not load the licence issues: {errorMessage(issues.error)}
      </Text>
    );
  }
  const text = q?.toLowerCase();
  const rows = issues.data.pharmacies.filter(
    (p) => !text || p.pharmacyName.toLowerCase().includes(text),
  );
  return (
    <Stack gap="4" data-testid="licence-issues">
      <Box display="flex" gap="2" flexWrap="wrap">
        {LICENCE_PROBLEMS.map((problem) => (
          <Badge
            key={problem}
            colorPalette={LICENCE_PROBLEM_COLORS[problem]}
            size="lg"
            data-testid={`licence-count-${problem}`}
          >
            {LICENCE_PROBLEM_LABELS[problem]}: {issues.data.counts[problem]}
          </Badge>
        ))}
      </Box>
      {rows.length === 0 ? (
        <Text color="fg.muted" p="5">
          No licence issues{text ? ' match the filter' : ''}.
        </Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="lg" bg="bg.panel">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Pharmacy</Table.ColumnHeader>
                <Table.ColumnHeader>Ships to</Table.ColumnHeader>
                <Table.ColumnHeader>Issues</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => (
                <Table.Row key={row.pharmacyId} data-testid={`licence-issue-${row.pharmacyId}`}>
                  <Table.Cell fontWeight="medium">
                    <Box
                      as="button"
                      textAlign="start"
                      color="fg"
                      _hover={{ textDecoration: 'underline' }}
                      onClick={() => onOpen(row.pharmacyId)}
                    >
                      {row.pharmacyName}
                    </Box>
                  </Table.Cell>
                  <Table.Cell color="fg.muted">{row.shippingState ?? EMPTY}</Table.Cell>
                  <Table.Cell>
                    <Stack gap="1">
                      {row.problems.map((problem) => (
                        <Box key={`${problem.problem}-${problem.licenceId ?? 'none'}`}>
                          <Badge
                            colorPalette={LICENCE_PROBLEM_COLORS[problem.problem]}
                            me="2"
                            size="sm"
                          >
                            {LICENCE_PROBLEM_LABELS[problem.problem]}
                          </Badge>
                          <Text as="span" textStyle="sm">
                            {problem.message}
                          </Text>
                        </Box>
                      ))}
                    </Stack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
