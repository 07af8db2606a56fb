import { FormSkeleton, RecordFormPage } from '../../components/RecordFormPage';
import { trpc } from '../../lib/trpc';
import { ProductForm } from './ProductForm';

const back = { to: '/products', label: 'Back to Products' } as const;

export function NewProductPage() {
  return (
    <RecordFormPage
      back={back}
      title="New Product"
      description="Add a product to the catalogue, with its variants."
    >
      <ProductForm />
    </RecordFormPage>
  );
}

export function EditProductPage({ id }: { id: number }) {
  const product = trpc.products.get.useQuery({ id });
  return (
    <RecordFormPage
      back={back}
      title="Edit Product"
      description={
        product.data
          ? `${product.data.sku} · ${product.data.name}`
          : 'Update the product and its variants.'
      }
      load={product}
      loadError="Failed to load product"
      skeleton={<FormSkeleton fields={4} rows={3} />}
    >
      {(data) => <ProductForm key={data.id} product={data} />}
    </RecordFormPage>
  );
}
