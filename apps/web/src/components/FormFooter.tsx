import { Button, HStack } from '@chakra-ui/react';
import { Link, type LinkProps } from '@tanstack/react-router';

/** The bottom bar of a record form card: Cancel back to the list, and Create/Update `noun`. */
export function FormFooter({
  cancelTo,
  noun,
  isEdit,
  pending,
}: {
  cancelTo: LinkProps['to'];
  noun: string;
  isEdit: boolean;
  pending: boolean;
}) {
  return (
    <HStack
      justify="flex-end"
      gap="3"
      px={{ base: '5', md: '8' }}
      py="4"
      bg="bg.subtle"
      borderTopWidth="1px"
      borderColor="border.muted"
      roundedBottom="xl"
    >
      <Button variant="outline" colorPalette="gray" bg="bg.panel" asChild>
        <Link to={cancelTo}>Cancel</Link>
      </Button>
      <Button type="submit" loading={pending} loadingText={isEdit ? 'Updating...' : 'Creating...'}>
        {isEdit ? `Update ${noun}` : `Create ${noun}`}
      </Button>
    </HStack>
  );
}
