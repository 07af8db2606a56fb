import { createFileRoute } from '@tanstack/react-router';
import { NewProductPage } from '../../../features/products/ProductFormPage';

export const Route = createFileRoute('/_app/products/new')({
  component: NewProductPage,
});
