import { FormSkeleton, recordFormPages } from '../../components/RecordFormPage';
import { trpc } from '../../lib/trpc';
import { ProductForm } from './ProductForm';

export const { NewPage: NewProductPage, EditPage: EditProductPage } = recordFormPages({
  name: 'Product',
  back: { to: '/products', label: 'Back to Products' },
  newDescription: 'Add a product to the catalogue, with its variants.',
  editDescription: (product) =>
    product ? `${product.sku} · ${product.name}` : 'Update the product and its variants.',
  useRecord: (id: number) => trpc.products.get.useQuery({ id }),
  skeleton: <FormSkeleton fields={4} rows={3} />,
  form: (_, product) => <ProductForm product={product} />,
});
