import type { Db, Product, ProductVariant } from '@pharm/db';
import type {
  Page,
  ProductData,
  ProductFormVariantData,
  ProductListQuery,
  ProductSort,
  SortedListCursor,
  ProductSaveData,
  ProductUpdateData,
  VariantData,
} from '@pharm/validators';
import { sql } from 'kysely';
import { logCreate, logDelete, logUpdate, type Snapshot } from '../activity/record.js';
import {
  DomainError,
  duplicateValue,
  invalid,
  notFound,
  toDomainError,
} from '../../lib/domain-error.js';
import { inTransaction, lockOrThrow } from '../../lib/db/transaction.js';
import { paginateSorted, type SortColumn } from '../../lib/db/paginate.js';
import { containsPattern } from '../../lib/db/sql.js';
import { productEntity } from './entity.js';
import { variantEntity } from './entity.js';

export type ProductWithVariants = Product & { variants: ProductVariant[]; variantCount: number };

/** A product as the order form's pickers need it (spec §3: product and variant in pickers). */
export interface ProductOption {
  id: number;
  sku: string;
  name: string;
  category: string;
  defaultPrice: string;
  variants: {
    variantSku: string;
    parentSku: string;
    size: string | null;
    color: string | null;
    defaultPrice: string;
  }[];
}

/** What the activity log keeps of a product: its fields and its variants' own fields. */
export function productSnapshot(
  product: Product & { variants: readonly ProductVariant[] },
): Snapshot {
  const { variants, ...fields } = product;
  return {
    sku: fields.sku,
    name: fields.name,
    category: fields.category,
    defaultPrice: fields.defaultPrice,
    active: fields.active,
    controlledSchedule: fields.controlledSchedule,
    bulkSubstance: fields.bulkSubstance,
    variants: variants.map((v) => ({
      variantSku: v.variantSku,
      size: v.size,
      color: v.color,
      material: v.material,
      sterile: v.sterile,
      packageQty: v.packageQty,
      defaultPrice: v.defaultPrice,
      notes: v.notes,
      controlledSchedule: v.controlledSchedule,
      bulkSubstance: v.bulkSubstance,
    })),
  };
}

/** Attaches each product's variants (oldest first) with one query for the whole page. */
async function withVariants(db: Db, products: Product[]): Promise<ProductWithVariants[]> {
  const skus = products.map((p) => p.sku);
  const variants = skus.length
    ? await db
        .selectFrom('productVariants')
        .selectAll()
        .where(sql<boolean>`parent_sku = any(${skus}::text[])`)
        .orderBy('id')
        .execute()
    : [];
  const bySku = new Map<string, ProductVariant[]>(skus.map((sku) => [sku, []]));
  for (const variant of variants) bySku.get(variant.parentSku)?.push(variant);
  return products.map((product) => {
    const list = bySku.get(product.sku) ?? [];
    return { ...product, variants: list, variantCount: list.length };
  });
}

/** The list's sorts (PRODUCT_SORTS), each with its index (migration 0011). */
const PRODUCT_SORT_COLUMNS: Record<ProductSort, SortColumn<Product>> = {
  name: { column: 'name', kind: 'text', value: (row) => row.name },
  sku: { column: 'sku', kind: 'text', value: (row) => row.sku },
  price: { column: 'defaultPrice', kind: 'money', value: (row) => row.defaultPrice },
};

/** Newest first, or by `sort`, keyset-paginated (lib/db/paginate.ts). */
export async function listProducts(
  db: Db,
  query: ProductListQuery,
): Promise<Page<ProductWithVariants, SortedListCursor>> {
  let q = db.selectFrom('products').selectAll();
  if (query.category) q = q.where('category', '=', query.category);
  if (query.q) {
    // Same expression as the trigram index products_search_idx.
    q = q.where(sql`sku || ' ' || name`, 'ilike', containsPattern(query.q));
  }
  const page = await paginateSorted(q, query, PRODUCT_SORT_COLUMNS, 'id');
  return {
    items: await withVariants(db, page.items),
    nextCursor: page.nextCursor,
  };
}

export async function getProduct(db: Db, id: number): Promise<ProductWithVariants> {
  const product = await db
    .selectFrom('products')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!product) throw notFound('Product');
  const [withList] = await withVariants(db, [product]);
  return withList!;
}

/** Active products with their variants, by name: the order form's product and variant pickers. */
export async function productOptions(db: Db): Promise<ProductOption[]> {
  const products = await db
    .selectFrom('products')
    .select(['id', 'sku', 'name', 'category', 'defaultPrice'])
    .where('active', '=', true)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const variants = await db
    .selectFrom('productVariants')
    .innerJoin('products', 'products.sku', 'productVariants.parentSku')
    .select([
      'productVariants.variantSku',
      'productVariants.parentSku',
      'productVariants.size',
      'productVariants.color',
      'productVariants.defaultPrice',
    ])
    .where('products.active', '=', true)
    .orderBy('productVariants.id')
    .execute();
  const bySku = new Map<string, ProductOption['variants']>(products.map((p) => [p.sku, []]));
  for (const variant of variants) bySku.get(variant.parentSku)?.push(variant);
  return products.map((product) => ({ ...product, variants: bySku.get(product.sku) ?? [] }));
}

export function createProduct(
  db: Db,
  data: ProductData,
  userId: string,
): Promise<ProductWithVariants> {
  return inTransaction(db, async (trx) => {
    const product = await trx
      .insertInto('products')
      .values(data)
      .returningAll()
      .executeTakeFirstOrThrow();
    const created = { ...product, variants: [], variantCount: 0 };
    await logCreate(
      trx,
      { entity: productEntity, id: product.id, userId },
      productSnapshot(created),
    );
    return created;
  });
}

/** The full product, or only `{active}` (the list's toggle). A new SKU carries its variants along (FK on update cascade). */
export function updateProduct(
  db: Db,
  id: number,
  data: ProductUpdateData,
  userId: string,
): Promise<ProductWithVariants> {
  return inTransaction(db, async (trx) => {
    const [before] = await withVariants(trx, [await lockOrThrow(trx, productEntity, id)]);
    const product = await trx
      .updateTable('products')
      .set({ ...data, updatedAt: sql`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const [withList] = await withVariants(trx, [product]);
    await logUpdate(
      trx,
      { entity: productEntity, id, userId },
      productSnapshot(before!),
      productSnapshot(withList!),
    );
    return withList!;
  });
}

/** Deletes the product and its variants (FK cascade), keeping a snapshot of both in the activity log. */
export function deleteProduct(db: Db, id: number, userId: string): Promise<{ id: number }> {
  return inTransaction(db, async (trx) => {
    const product = await lockOrThrow(trx, productEntity, id);
    const variants = await trx
      .selectFrom('productVariants')
      .selectAll()
      .where('parentSku', '=', product.sku)
      .orderBy('id')
      .forUpdate()
      .execute();
    await trx.deleteFrom('products').where('id', '=', id).execute();
    await logDelete(
      trx,
      { entity: productEntity, id, userId },
      productSnapshot({ ...product, variants }),
      {
        cascade: { variants },
      },
    );
    return { id };
  });
}

/** A change to the parent's variants, logged as a change of the parent. */
async function changingVariants<T>(
  trx: Db,
  parent: Product,
  userId: string,
  change: () => Promise<T>,
): Promise<T> {
  const [before] = await withVariants(trx, [parent]);
  const result = await change();
  const [after] = await withVariants(trx, [parent]);
  await logUpdate(
    trx,
    { entity: productEntity, id: parent.id, userId },
    productSnapshot(before!),
    productSnapshot(after!),
  );
  return result;
}

/** POST /api/product-variants: one variant of an existing product, logged as a change of that product. */
export function createVariant(db: Db, data: VariantData, userId: string): Promise<ProductVariant> {
  return inTransaction(db, async (trx) => {
    // FOR SHARE: the parent cannot be deleted, renamed or imported over before this insert commits.
    const parent = await trx
      .selectFrom('products')
      .selectAll()
      .where('sku', '=', data.parentSku)
      .forShare()
      .executeTakeFirst();
    if (!parent) throw invalid(`Parent SKU ${data.parentSku} does not exist`, ['parentSku']);
    return changingVariants(trx, parent, userId, () =>
      trx.insertInto('productVariants').values(data).returningAll().executeTakeFirstOrThrow(),
    );
  });
}

export function deleteVariant(db: Db, id: number, userId: string): Promise<{ id: number }> {
  return inTransaction(db, async (trx) => {
    const variant = await lockOrThrow(trx, variantEntity, id);
    // Like every variant write, lock the parent: a catalogue import locks only products.
    const parent = await trx
      .selectFrom('products')
      .selectAll()
      .where('sku', '=', variant.parentSku)
      .forShare()
      .executeTakeFirstOrThrow();
    await changingVariants(trx, parent, userId, () =>
      trx.deleteFrom('productVariants').where('id', '=', id).execute(),
    );
    return { id };
  });
}

type VariantFields = Omit<ProductFormVariantData, 'id'>;

function variantFields(variant: ProductFormVariantData): VariantFields {
  const { id: _id, ...fields } = variant;
  return fields;
}

function sameVariant(before: ProductVariant, after: VariantFields): boolean {
  return (
    before.variantSku === after.variantSku &&
    before.size === after.size &&
    before.color === after.color &&
    before.material === after.material &&
    before.sterile === after.sterile &&
    before.packageQty === after.packageQty &&
    before.defaultPrice === after.defaultPrice &&
    before.notes === after.notes &&
    before.controlledSchedule === after.controlledSchedule &&
    before.bulkSubstance === after.bulkSubstance
  );
}

/** A taken variant SKU, named on the form's row that holds it. */
function onVariantRow(error: unknown, variants: ProductFormVariantData[]): unknown {
  const domain = toDomainError(error);
  const issue = domain.issues[0];
  if (domain.code !== 'DUPLICATE' || issue?.path[0] !== 'variantSku') return error;
  const taken = duplicateValue(domain.cause);
  const index = variants.findIndex((v) => v.variantSku === taken);
  if (index < 0) return error;
  return new DomainError(domain.code, domain.message, [
    { path: ['variants', index, 'variantSku'], message: issue.message },
  ]);
}

/**
 * The product form's save: the product and its whole variant list in one transaction. Variants
 * with an id are updated, without one inserted, and those no longer listed deleted, so a failure
 * anywhere leaves the product exactly as it was.
 */
export function saveProduct(
  db: Db,
  input: ProductSaveData,
  userId: string,
): Promise<ProductWithVariants> {
  const { id, variants, ...data } = input;
  return inTransaction(db, async (trx) => {
    if (id === undefined) {
      const product = await trx
        .insertInto('products')
        .values(data)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (variants.length) {
        await trx
          .insertInto('productVariants')
          .values(variants.map((v) => ({ ...variantFields(v), parentSku: product.sku })))
          .execute();
      }
      const created = await getProduct(trx, product.id);
      await logCreate(
        trx,
        { entity: productEntity, id: product.id, userId },
        productSnapshot(created),
      );
      return created;
    }

    const before = await lockOrThrow(trx, productEntity, id);
    const existing = await trx
      .selectFrom('productVariants')
      .selectAll()
      .where('parentSku', '=', before.sku)
      .orderBy('id')
      .forUpdate()
      .execute();
    const existingById = new Map(existing.map((v) => [v.id, v]));
    for (const variant of variants) {
      if (variant.id !== undefined && !existingById.has(variant.id)) {
        throw invalid(`Variant ${variant.id} does not belong to product ${before.sku}`);
      }
    }

    await trx
      .updateTable('products')
      .set({ ...data, updatedAt: sql`now()` })
      .where('id', '=', id)
      .execute();

    const kept = new Set(variants.map((v) => v.id).filter((v) => v !== undefined));
    const deleted = existing.filter((v) => !kept.has(v.id));
    if (deleted.length) {
      await trx
        .deleteFrom('productVariants')
        .where(
          'id',
          'in',
          deleted.map((v) => v.id),
        )
        .execute();
    }

    const updated = variants
      .filter((v) => v.id !== undefined)
      .map((v) => ({ before: existingById.get(v.id!)!, after: variantFields(v) }))
      .filter(({ before: b, after }) => !sameVariant(b, after));
    // Unique checks are per row, so swapping two variants' SKUs would clash halfway: park the
    // renamed ones on unique placeholders first.
    const renamed = updated.filter(({ before: b, after }) => b.variantSku !== after.variantSku);
    if (renamed.length > 1) {
      await trx
        .updateTable('productVariants')
        .set({ variantSku: sql`gen_random_uuid()::text` })
        .where(
          'id',
          'in',
          renamed.map((u) => u.before.id),
        )
        .execute();
    }
    for (const { before: b, after } of updated) {
      await trx
        .updateTable('productVariants')
        .set({ ...after, updatedAt: sql`now()` })
        .where('id', '=', b.id)
        .execute();
    }

    const created = variants.filter((v) => v.id === undefined).map(variantFields);
    if (created.length) {
      await trx
        .insertInto('productVariants')
        .values(created.map((v) => ({ ...v, parentSku: data.sku })))
        .execute();
    }

    const after = await getProduct(trx, id);
    await logUpdate(
      trx,
      { entity: productEntity, id, userId },
      productSnapshot({ ...before, variants: existing }),
      productSnapshot(after),
    );
    return after;
  }).catch((error: unknown) => {
    throw onVariantRow(error, variants);
  });
}
