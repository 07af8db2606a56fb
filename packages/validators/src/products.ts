import { z } from 'zod';
import { PRODUCT_CATEGORIES } from './categories.js';
import { CONTROLLED_SCHEDULES } from './licence-labels.js';
import { VARIANT_FIELDS } from './product-rules.js';
import {
  count,
  entityId,
  fullOrOnly,
  sortableListQuery,
  sortedPageOf,
  money,
  moneyAmount,
  optionalText,
  recordId,
  requiredText,
  timestamp,
} from './common.js';
import { PRODUCT_SORTS } from './sorts.js';

export const categoryField = z.enum(PRODUCT_CATEGORIES, { error: 'Category is required' });

/** A DEA schedule, or none ('' or null); issue 29's gate asks a DEA registration covering it. */
export const controlledScheduleField = z
  .preprocess(
    (value) => (value === '' ? null : value),
    z
      .enum(CONTROLLED_SCHEDULES, {
        error: `Controlled schedule must be one of ${CONTROLLED_SCHEDULES.join(', ')}`,
      })
      .nullish(),
  )
  .transform((value) => value ?? null);

/** An active ingredient sold to compounders: only to a licensed 503A pharmacy or a 503B facility. */
const bulkSubstanceField = z
  .boolean({ error: 'Bulk substance must be true or false' })
  .default(false);

export const productSchema = z.object({
  sku: requiredText(100, 'SKU is required', 'SKU'),
  name: requiredText(255, 'Product name is required', 'Product name'),
  category: categoryField,
  defaultPrice: money('Default price is required', [0, 'Default price must be non-negative']),
  active: z.boolean({ error: 'Active must be true or false' }).default(true),
  controlledSchedule: controlledScheduleField,
  bulkSubstance: bulkSubstanceField,
});

/** PUT /api/products/{id} takes the full product or only `{active}` (the list's toggle). */
export const productActiveSchema = z.strictObject({
  active: z.boolean({ error: 'Active must be true or false' }),
});

const variantFields = {
  variantSku: requiredText(100, 'Variant SKU is required', 'Variant SKU'),
  size: optionalText(100, 'Size'),
  color: optionalText(100, 'Color'),
  material: optionalText(100, 'Material'),
  sterile: z.boolean({ error: 'Sterile must be true or false' }).default(false),
  packageQty: z
    .number({ error: 'Package quantity must be at least 1' })
    .int('Package quantity must be a whole number')
    .min(1, 'Package quantity must be at least 1')
    .max(1_000_000, 'Package quantity must be at most 1,000,000'),
  defaultPrice: money('Price is required', [0, 'Price must be non-negative']),
  notes: optionalText(5000, 'Notes'),
  /** The variant's own; none: its product's. */
  controlledSchedule: controlledScheduleField,
  bulkSubstance: bulkSubstanceField,
};

// The form's columns are fields of the schema.
VARIANT_FIELDS satisfies readonly (keyof typeof variantFields)[];

/** POST /api/product-variants: one variant of an existing product. */
export const variantSchema = z.object({
  ...variantFields,
  parentSku: requiredText(100, 'Parent SKU is required', 'Parent SKU'),
});

/** A row of the product form's variants table; `id` is set for variants that already exist. */
export const productFormVariantSchema = z.object({
  id: entityId('Variant id must be a positive integer').optional(),
  ...variantFields,
});

/** The web app's atomic save: the product and its whole variant list. */
export const productWithVariantsSchema = productSchema.extend({
  variants: z
    .array(productFormVariantSchema)
    .max(500, 'A product can have at most 500 variants')
    .default([])
    .superRefine((variants, ctx) => {
      const seen = new Set<string>();
      variants.forEach((variant, index) => {
        const key = variant.variantSku.toUpperCase();
        if (seen.has(key)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'variantSku'],
            message: `Variant SKU ${variant.variantSku} appears twice`,
          });
        }
        seen.add(key);
      });
    }),
});

/** PUT /api/products/{id}: the full product, or only `{active}` (the list's toggle). */
export const productUpdateSchema = fullOrOnly(productSchema, productActiveSchema);

/** The product form's save: without `id` it creates, with `id` it replaces that product and its variant list. */
export const productSaveSchema = productWithVariantsSchema.extend({
  id: entityId('Product id must be a positive integer').optional(),
});

/** The products list: a page, optionally of one category. */
export const productListQuery = sortableListQuery(PRODUCT_SORTS).extend({
  category: z
    .enum(PRODUCT_CATEGORIES, { error: `Category must be one of ${PRODUCT_CATEGORIES.join(', ')}` })
    .optional(),
});

/** A catalogue CSV pasted or uploaded from the products page (the same format as the import feed). */
export const catalogCsvSchema = z.object({
  csv: z
    .string({ error: 'CSV text is required' })
    .min(1, 'The CSV file is empty')
    .max(4_000_000, 'The CSV file must be at most 4 MB'),
});

/** POST /api/import/{provider}: the slug of the configured provider's name. */
export const catalogImportSchema = z
  .object({ provider: z.string().max(100, 'Provider must be at most 100 characters').optional() })
  .optional();

/** A row of a catalogue import that could not be taken, by its row number in the feed. */
export const importRowErrorOutput = z.object({ row: count, message: z.string() });
export type ImportRowError = z.output<typeof importRowErrorOutput>;

const importCountsShape = { created: count, updated: count, unchanged: count };
export const importCountsOutput = z.object(importCountsShape);
export type ImportCounts = z.output<typeof importCountsOutput>;

/**
 * What an import did (or, for a preview, would do). The top-level counts are products; variants
 * are counted apart. With any error nothing is written and all counts are 0.
 */
export const importResultOutput = z.object({
  ...importCountsShape,
  variants: importCountsOutput,
  errors: z.array(importRowErrorOutput),
});
export type ImportResult = z.output<typeof importResultOutput>;

/** The configured catalogue provider, for the import button. */
export const importProviderOutput = z.object({ name: z.string(), slug: z.string() });

export const variantOutput = z.object({
  id: recordId,
  parentSku: z.string(),
  variantSku: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  material: z.string().nullable(),
  sterile: z.boolean(),
  packageQty: count,
  defaultPrice: moneyAmount,
  notes: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  controlledSchedule: z.enum(CONTROLLED_SCHEDULES).nullable(),
  bulkSubstance: z.boolean(),
});

/** A product with its variants. */
export const productOutput = z.object({
  id: recordId,
  sku: z.string(),
  name: z.string(),
  category: z.enum(PRODUCT_CATEGORIES),
  defaultPrice: moneyAmount,
  active: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
  controlledSchedule: z.enum(CONTROLLED_SCHEDULES).nullable(),
  bulkSubstance: z.boolean(),
  variants: z.array(variantOutput),
  variantCount: count,
});
export const productPageOutput = sortedPageOf(productOutput);

/** Active products and their variants, for the order form's pickers. */
export const productOptionsOutput = z.array(
  z.object({
    id: recordId,
    sku: z.string(),
    name: z.string(),
    category: z.string(),
    defaultPrice: moneyAmount,
    variants: z.array(
      z.object({
        variantSku: z.string(),
        parentSku: z.string(),
        size: z.string().nullable(),
        color: z.string().nullable(),
        defaultPrice: moneyAmount,
      }),
    ),
  }),
);

export type ProductInput = z.input<typeof productSchema>;
export type ProductData = z.output<typeof productSchema>;
export type VariantInput = z.input<typeof variantSchema>;
export type VariantData = z.output<typeof variantSchema>;
export type ProductWithVariantsInput = z.input<typeof productWithVariantsSchema>;
export type ProductWithVariantsData = z.output<typeof productWithVariantsSchema>;
export type ProductUpdateData = z.output<typeof productUpdateSchema>;
export type ProductSaveInput = z.input<typeof productSaveSchema>;
export type ProductSaveData = z.output<typeof productSaveSchema>;
export type ProductListQuery = z.output<typeof productListQuery>;
export type ProductFormVariantData = z.output<typeof productFormVariantSchema>;
