import { Box, Grid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { BackLink } from '../../components/BackLink';
import { NotFoundPage } from '../../components/NotFound';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage, errorStatus } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { PharmacyForm } from './PharmacyForm';

function FormSkeleton() {
  return (
    <Box
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border.muted"
      rounded="xl"
      p={{ base: '5', md: '8' }}
      data-testid="form-skeleton"
      aria-busy="true"
    >
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="6">
        {Array.from({ length: 8 }, (_, index) => (
          <Stack key={index} gap="2">
            <Skeleton h="4" w="32" />
            <Skeleton h={index >= 5 ? '24' : '10'} />
          </Stack>
        ))}
      </Grid>
    </Box>
  );
}

export function NewPharmacyPage() {
  return (
    <>
      <PageHeader
        back={<BackLink to="/pharmacies">Back to Pharmacies</BackLink>}
        title="New Pharmacy"
        description="Add a pharmacy customer to order and invoice for."
      />
      <PharmacyForm />
    </>
  );
}

export function EditPharmacyPage({ id }: { id: number }) {
  const pharmacy = trpc.pharmacies.get.useQuery({ id });

  if (pharmacy.isError && errorStatus(pharmacy.error) === 404) return <NotFoundPage />;

  return (
    <>
      <PageHeader
        back={<BackLink to="/pharmacies">Back to Pharmacies</BackLink>}
        title="Edit Pharmacy"
        description={pharmacy.data ? pharmacy.data.name : 'Update the pharmacy’s details.'}
      />
      {pharmacy.isPending ? (
        <FormSkeleton />
      ) : pharmacy.isError ? (
        <Text color="fg.error" textStyle="sm">
          Failed to load pharmacy: {errorMessage(pharmacy.error)}
        </Text>
      ) : (
        <PharmacyForm key={pharmacy.data.id} pharmacy={pharmacy.data} />
      )}
    </>
  );
}
