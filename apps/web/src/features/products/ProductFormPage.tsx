import { Box, Grid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { BackLink } from '../../components/BackLink';
import { NotFoundPage } from '../../components/NotFound';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage, errorStatus } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ProductForm } from './ProductForm';

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
        {Array.from({ length: 4 }, (_, index) => (
          <Stack key={index} gap="2">
            <Skeleton h="4" w="32" />
            <Skeleton h="10" />
          </Stack>
        ))}
      </Grid>
      <Stack gap="2" mt="8">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} h="9" />
        ))}
      </Stack>
    </Box>
  );
}

export function NewProductPage() {
  return (
    <>
      <PageHeader
        back={<BackLink to="/products">Back to Products</BackLink>}
        title="New Product"
        description="Add a product to the catalogue, with its variants."
      />
      <ProductForm />
    </>
  );
}

export function EditProductPage({ id }: { id: number }) {
  const product = trpc.products.get.useQuery({ id });

  if (product.isError && errorStatus(product.error) === 404) return <NotFoundPage />;

  return (
    <>
      <PageHeader
        back={<BackLink to="/products">Back to Products</BackLink>}
        title="Edit Product"
        description={
          product.data
            ? `${product.data.sku} · ${product.data.name}`
            : 'Update the product and its variants.'
        }
      />
      {product.isPending ? (
        <FormSkeleton />
      ) : product.isError ? (
        <Text color="fg.error" textStyle="sm">
          Failed to load product: {errorMessage(product.error)}
        </Text>
      ) : (
        <ProductForm key={product.data.id} product={product.data} />
      )}
    </>
  );
}
