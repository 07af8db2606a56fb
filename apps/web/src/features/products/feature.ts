import { linkOptions } from '@tanstack/react-router';
import { LuPackage } from 'react-icons/lu';
import { defineFeature } from '../define';

export const products = defineFeature({
  nav: { to: '/products', label: 'Products', icon: LuPackage },
  activity: { type: 'product', one: 'Product', many: 'Products' },
  search: (results) =>
    results.products.map((product) => ({
      key: `product-${product.id}`,
      group: 'Products',
      title: product.name,
      detail: `${product.sku} · ${product.category}`,
      link: linkOptions({ to: '/products/$id', params: { id: product.id } }),
    })),
});
