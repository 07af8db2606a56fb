import type { Db, Product, ProductVariant } from '@pharm/db';
import {
  VARIANT_FIELDS,
  type ImportCounts,
  type ImportResult,
  type ImportRowError,
} from '@pharm/validators';
import { sql } from 'kysely';
import {
  createEntry,
  logActivities,
  updateEntry,
  type ActivityEntry,
} from '../../activity/record.js';
import { inTransaction } from '../../../lib/db/transaction.js';
import { productEntity } from '../entity.js';
import { capErrors } from './parse.js';
import type { CatalogFeed, CatalogProduct, CatalogVariant } from './provider.js';

/** Rows per INSERT: a 10,000-product feed is a handful of statements, well under the 65,535-parameter limit. */
const CHUNK = 1000;

type Status = 'created' | 'updated' | 'unchanged';
type ExistingProduct = Pick<
  Product,
  | 'id'
  | 'sku'
  | 'name'
  | 'category'
  | 'defaultPrice'
  | 'active'
  | 'controlledSchedule'
  | 'bulkSubstance'
>;
type ExistingVariant = Pick<ProductVariant, 'id' | 'parentSku' | (typeof VARIANT_FIELDS)[number]>;

interface ProductPlan {
  product: CatalogProduct;
  status: Status;
  before: ExistingProduct | undefined;
  createdVariants: CatalogVariant[];
  updatedVariants: { variant: CatalogVariant; before: ExistingVariant }[];
}

interface Plan {
  result: ImportResult;
  products: ProductPlan[];
}

const zero = (): ImportCounts => ({ created: 0, updated: 0, unchanged: 0 });

function productStatus(product: CatalogProduct, before: ExistingProduct | undefined): Status {
  if (!before) return 'created';
  const same =
    before.name === product.name &&
    before.category === product.category &&
    before.defaultPrice === product.defaultPrice &&
    before.controlledSchedule === product.controlledSchedule &&
    before.bulkSubstance === product.bulkSubstance &&
    (product.active === undefined || product.active === before.active);
  return same ? 'unchanged' : 'updated';
}

/** `before` was found by the variant's SKU, so of its fields only the others can differ. */
function variantChanged(variant: CatalogVariant, before: ExistingVariant): boolean {
  return VARIANT_FIELDS.some((field) => before[field] !== variant[field]);
}

/**
 * Compares the feed with the database: what would be created, updated or left alone, and the
 * rows that cannot be taken (a variant SKU that belongs to another product). `lock` takes the
 * existing products FOR UPDATE, for an import about to write them and their variants.
 */
async function planImport(db: Db, feed: CatalogFeed, lock: boolean): Promise<Plan> {
  const errors: ImportRowError[] = [...feed.errors];
  const skus = feed.products.map((p) => p.sku);
  const variantSkus = feed.products.flatMap((p) => p.variants.map((v) => v.variantSku));

  let productQuery = db
    .selectFrom('products')
    .select([
      'id',
      'sku',
      'name',
      'category',
      'defaultPrice',
      'active',
      'controlledSchedule',
      'bulkSubstance',
    ])
    .where(sql<boolean>`sku = any(${skus}::text[])`);
  const variantQuery = db
    .selectFrom('productVariants')
    .select(['id', 'parentSku', ...VARIANT_FIELDS])
    .where(sql<boolean>`variant_sku = any(${variantSkus}::text[])`);
  // Locking the products is enough: every write of a variant locks its parent product first
  // (products.service.ts), and locking 50,000 variant rows as well doubles a large import's time.
  if (lock) productQuery = productQuery.forUpdate();
  const existingProducts = new Map(
    (skus.length ? await productQuery.execute() : []).map((p) => [p.sku, p]),
  );
  const existingVariants = new Map(
    (variantSkus.length ? await variantQuery.execute() : []).map((v) => [v.variantSku, v]),
  );

  const products: ProductPlan[] = [];
  const productCounts = zero();
  const variantCounts = zero();
  for (const product of feed.products) {
    const before = existingProducts.get(product.sku);
    const plan: ProductPlan = {
      product,
      status: productStatus(product, before),
      before,
      createdVariants: [],
      updatedVariants: [],
    };
    for (const variant of product.variants) {
      const existing = existingVariants.get(variant.variantSku);
      if (!existing) {
        plan.createdVariants.push(variant);
        variantCounts.created += 1;
      } else if (existing.parentSku !== product.sku) {
        errors.push({
          row: variant.row,
          message: `Variant SKU ${variant.variantSku} belongs to product ${existing.parentSku}`,
        });
      } else if (variantChanged(variant, existing)) {
        plan.updatedVariants.push({ variant, before: existing });
        variantCounts.updated += 1;
      } else {
        variantCounts.unchanged += 1;
      }
    }
    productCounts[plan.status] += 1;
    products.push(plan);
  }

  if (errors.length) {
    return {
      result: {
        ...zero(),
        variants: zero(),
        errors: capErrors(errors.sort((a, b) => a.row - b.row)),
      },
      products: [],
    };
  }
  return { result: { ...productCounts, variants: variantCounts, errors: [] }, products };
}

/** What importing the feed would do, without writing anything. */
export async function previewCatalog(db: Db, feed: CatalogFeed): Promise<ImportResult> {
  return (await planImport(db, feed, false)).result;
}

/**
 * Upserts the feed by SKU and variant SKU in one transaction: rows that did not change are not
 * written (a second import of the same feed writes nothing), and with any row error nothing is
 * written at all. Variants missing from the feed are kept: a feed adds and corrects, it never deletes.
 */
export function importCatalog(
  db: Db,
  feed: CatalogFeed,
  opts: { provider: string; userId: string | null },
): Promise<ImportResult> {
  return inTransaction(db, async (trx) => {
    // Two imports at once would each plan against the other's half-written rows; queue them.
    await sql`select pg_advisory_xact_lock(hashtext('catalog-import'))`.execute(trx);
    const plan = await planImport(trx, feed, true);
    if (plan.result.errors.length) return plan.result;

    const ids = new Map<string, number>();
    for (const { before } of plan.products) if (before) ids.set(before.sku, before.id);

    const productRows = plan.products
      .filter((p) => p.status !== 'unchanged')
      .map(({ product, before }) => ({
        sku: product.sku,
        name: product.name,
        category: product.category,
        defaultPrice: product.defaultPrice,
        active: product.active ?? before?.active ?? true,
        controlledSchedule: product.controlledSchedule,
        bulkSubstance: product.bulkSubstance,
      }));
    for (let i = 0; i < productRows.length; i += CHUNK) {
      const written = await trx
        .insertInto('products')
        .values(productRows.slice(i, i + CHUNK))
        .onConflict((oc) =>
          oc.column('sku').doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            category: eb.ref('excluded.category'),
            defaultPrice: eb.ref('excluded.defaultPrice'),
            active: eb.ref('excluded.active'),
            controlledSchedule: eb.ref('excluded.controlledSchedule'),
            bulkSubstance: eb.ref('excluded.bulkSubstance'),
            updatedAt: sql`now()`,
          })),
        )
        .returning(['id', 'sku'])
        .execute();
      for (const row of written) ids.set(row.sku, row.id);
    }

    const variantRows = plan.products.flatMap(({ product, createdVariants, updatedVariants }) =>
      [...createdVariants, ...updatedVariants.map((u) => u.variant)].map(
        ({ row: _row, ...variant }) => ({
          ...variant,
          parentSku: product.sku,
        }),
      ),
    );
    for (let i = 0; i < variantRows.length; i += CHUNK) {
      await trx
        .insertInto('productVariants')
        .values(variantRows.slice(i, i + CHUNK))
        .onConflict((oc) =>
          oc.column('variantSku').doUpdateSet((eb) => ({
            size: eb.ref('excluded.size'),
            color: eb.ref('excluded.color'),
            material: eb.ref('excluded.material'),
            sterile: eb.ref('excluded.sterile'),
            packageQty: eb.ref('excluded.packageQty'),
            defaultPrice: eb.ref('excluded.defaultPrice'),
            notes: eb.ref('excluded.notes'),
            controlledSchedule: eb.ref('excluded.controlledSchedule'),
            bulkSubstance: eb.ref('excluded.bulkSubstance'),
            updatedAt: sql`now()`,
          })),
        )
        .execute();
    }

    // An import logs what it wrote: a new product as created, an existing one with the fields and
    // the variants (only those it created or changed) that differ.
    const fields = ({ variantSku: _sku, row: _row, ...rest }: CatalogVariant) => rest;
    const entries: ActivityEntry[] = plan.products
      .filter(
        (p) => p.status !== 'unchanged' || p.createdVariants.length || p.updatedVariants.length,
      )
      .map(({ product, before, createdVariants, updatedVariants }) => {
        const subject = {
          entity: productEntity,
          id: ids.get(product.sku)!,
          userId: opts.userId,
        };
        const after = {
          sku: product.sku,
          name: product.name,
          category: product.category,
          defaultPrice: product.defaultPrice,
          active: product.active ?? before?.active ?? true,
          controlledSchedule: product.controlledSchedule,
          bulkSubstance: product.bulkSubstance,
        };
        const variantsAfter = [...createdVariants, ...updatedVariants.map((u) => u.variant)].map(
          (v) => ({ variantSku: v.variantSku, ...fields(v) }),
        );
        if (!before) {
          return createEntry(
            subject,
            { ...after, variants: variantsAfter },
            { provider: opts.provider },
          );
        }
        const variantsBefore = updatedVariants.map(
          ({ before: { id: _id, parentSku: _parent, ...v } }) => v,
        );
        return updateEntry(
          subject,
          { ...before, variants: variantsBefore },
          { ...after, variants: variantsAfter },
          { provider: opts.provider },
        );
      });
    await logActivities(trx, entries);
    return plan.result;
  });
}
