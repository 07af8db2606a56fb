import {
  catalogCsvSchema,
  catalogImportSchema,
  deletedRecord,
  idParam,
  importProviderOutput,
  importResultOutput,
  productListQuery,
  productOptionsOutput,
  productOutput,
  productPageOutput,
  productSaveSchema,
  productSchema,
  productUpdateSchema,
  variantOutput,
  variantSchema,
} from '@pharm/validators';
import { notFound } from '../../lib/domain-error.js';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { catalogProvider } from './catalog/feed-provider.js';
import { importCatalog, previewCatalog } from './catalog/upsert.js';
import { readFeedWith } from './catalog/parse.js';
import {
  createProduct,
  createVariant,
  deleteProduct,
  deleteVariant,
  getProduct,
  listProducts,
  productOptions,
  saveProduct,
  updateProduct,
} from './service.js';

export const productsRouter = createTRPCRouter({
  list: protectedProcedure
    .meta({
      permission: 'products.read',
      rest: {
        method: 'GET',
        path: '/api/products',
        summary: 'The products with their variants, newest first',
        paged: true,
      },
    })
    .input(productListQuery.prefault({}))
    .output(answers(productPageOutput))
    .query(({ ctx, input }) => listProducts(ctx.db, input)),
  /** Active products with their variants for the order form's pickers. */
  options: protectedProcedure
    .meta({ permission: 'products.read' })
    .output(answers(productOptionsOutput))
    .query(({ ctx }) => productOptions(ctx.db)),
  get: protectedProcedure
    .meta({
      permission: 'products.read',
      rest: { method: 'GET', path: '/api/products/{id}', summary: 'One product with its variants' },
    })
    .input(idParam)
    .output(answers(productOutput))
    .query(({ ctx, input }) => getProduct(ctx.db, input.id)),
  create: protectedProcedure
    .meta({
      permission: 'products.write',
      rest: { method: 'POST', path: '/api/products', summary: 'Add a product', status: 201 },
    })
    .input(productSchema)
    .output(answers(productOutput))
    .mutation(({ ctx, input }) => createProduct(ctx.db, input, ctx.user.id)),
  update: protectedProcedure
    .meta({
      permission: 'products.write',
      rest: {
        method: 'PUT',
        path: '/api/products/{id}',
        summary: 'Edit a product, or only switch it on or off (`{ active }`)',
      },
    })
    .input(idParam.extend({ data: productUpdateSchema }))
    .output(answers(productOutput))
    .mutation(({ ctx, input }) => updateProduct(ctx.db, input.id, input.data, ctx.user.id)),
  delete: protectedProcedure
    .meta({
      permission: 'products.write',
      rest: {
        method: 'DELETE',
        path: '/api/products/{id}',
        summary: 'Delete a product with its variants',
      },
    })
    .input(idParam)
    .output(answers(deletedRecord))
    .mutation(({ ctx, input }) => deleteProduct(ctx.db, input.id, ctx.user.id)),
  /** The product form: product and variant list saved together. */
  save: protectedProcedure
    .meta({ permission: 'products.write' })
    .input(productSaveSchema)
    .output(answers(productOutput))
    .mutation(({ ctx, input }) => saveProduct(ctx.db, input, ctx.user.id)),
  createVariant: protectedProcedure
    .meta({
      permission: 'products.write',
      rest: {
        method: 'POST',
        path: '/api/product-variants',
        summary: 'Add a variant to the product `parentSku` names',
        status: 201,
      },
    })
    .input(variantSchema)
    .output(answers(variantOutput))
    .mutation(({ ctx, input }) => createVariant(ctx.db, input, ctx.user.id)),
  deleteVariant: protectedProcedure
    .meta({
      permission: 'products.write',
      rest: { method: 'DELETE', path: '/api/product-variants/{id}', summary: 'Delete a variant' },
    })
    .input(idParam)
    .output(answers(deletedRecord))
    .mutation(({ ctx, input }) => deleteVariant(ctx.db, input.id, ctx.user.id)),

  /** The configured catalogue provider, for the import button's label. */
  importProvider: protectedProcedure
    .meta({ permission: 'products.read' })
    .output(answers(importProviderOutput))
    .query(({ ctx }) => {
      const { name, slug } = catalogProvider(ctx.config, ctx.heavyWork);
      return { name, slug };
    }),
  /** Imports the configured provider's feed; `provider` (the REST path's slug) must name it. */
  importCatalog: protectedProcedure
    .meta({
      permission: 'products.write',
      rest: {
        method: 'POST',
        path: '/api/import/{provider}',
        summary: "Import the configured catalogue provider's feed",
        errors: [502],
      },
    })
    .input(catalogImportSchema)
    .output(answers(importResultOutput))
    .mutation(async ({ ctx, input }) => {
      const provider = catalogProvider(ctx.config, ctx.heavyWork);
      if (input?.provider !== undefined && input.provider !== provider.slug)
        throw notFound('Catalogue provider');
      const feed = await provider.fetch();
      return importCatalog(ctx.db, feed, { provider: provider.name, userId: ctx.user.id });
    }),
  /** What importing an uploaded CSV would change, before it is applied. */
  previewCsv: protectedProcedure
    .meta({ permission: 'products.write' })
    .input(catalogCsvSchema)
    .output(answers(importResultOutput))
    .mutation(async ({ ctx, input }) =>
      previewCatalog(ctx.db, await readFeedWith(ctx.heavyWork)(input.csv, 'csv')),
    ),
  importCsv: protectedProcedure
    .meta({ permission: 'products.write' })
    .input(catalogCsvSchema)
    .output(answers(importResultOutput))
    .mutation(async ({ ctx, input }) =>
      importCatalog(ctx.db, await readFeedWith(ctx.heavyWork)(input.csv, 'csv'), {
        provider: 'CSV upload',
        userId: ctx.user.id,
      }),
    ),
});
