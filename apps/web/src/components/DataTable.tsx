import type { ReactNode } from 'react';
import { Box, Skeleton, Table, Text, VStack, type BoxProps } from '@chakra-ui/react';

/** A white rounded card around a table, with horizontal scrolling on narrow screens. */
export function TableCard({ children, ...props }: { children: ReactNode } & BoxProps) {
  return (
    <Box
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border.muted"
      rounded="xl"
      shadow="xs"
      overflow="hidden"
      {...props}
    >
      <Table.ScrollArea>{children}</Table.ScrollArea>
    </Box>
  );
}

/** `rows` placeholder rows (5 on lists, 3 on the dashboard) while data loads. */
export function SkeletonRows({ rows = 5, columns }: { rows?: number; columns: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <Table.Row key={row} data-testid="skeleton-row" aria-hidden="true">
          {Array.from({ length: columns }, (_, col) => (
            <Table.Cell key={col} py="3.5">
              <Skeleton
                height="4"
                width={col === 0 ? '70%' : col === columns - 1 ? '60%' : '85%'}
              />
            </Table.Cell>
          ))}
        </Table.Row>
      ))}
    </>
  );
}

/** One full-width row holding the empty-state text (and an optional icon/action). */
export function EmptyRow({
  columns,
  children,
  icon,
  action,
}: {
  columns: number;
  children: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Table.Row data-testid="empty-row" _hover={{ bg: 'transparent' }}>
      <Table.Cell colSpan={columns} py="14">
        <VStack gap="3" color="fg.muted" textAlign="center">
          {icon ? (
            <Box
              display="flex"
              alignItems="center"
              justifyContent="center"
              boxSize="12"
              rounded="full"
              bg="brand.subtle"
              color="brand.fg"
              fontSize="xl"
            >
              {icon}
            </Box>
          ) : null}
          <Text textStyle="sm">{children}</Text>
          {action}
        </VStack>
      </Table.Cell>
    </Table.Row>
  );
}

/** A row for a failed load, with the error text. */
export function ErrorRow({ columns, message }: { columns: number; message: string }) {
  return (
    <Table.Row data-testid="error-row">
      <Table.Cell colSpan={columns} py="10" textAlign="center" color="fg.error" textStyle="sm">
        {message}
      </Table.Cell>
    </Table.Row>
  );
}
