import type { SeedContext } from './context.js';

/** The catalogue: the shipped sample feed, imported through the same procedure as the import button. */
export async function seedProducts({ db, caller, log }: SeedContext): Promise<void> {
  const existing = await db
    .selectFrom('products')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return log('products: already present, skipped');
  const result = await caller.products.importCatalog();
  if (result.errors.length)
    throw new Error(`products: the sample feed has errors: ${JSON.stringify(result.errors)}`);
  log(`products: ${result.created} created with ${result.variants.created} variants`);
}
