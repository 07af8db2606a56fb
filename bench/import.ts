/**
 * Catalogue import: a generated feed of 10,000 products with 50,000 variants (60,000 records)
 * imported through `products.importCatalog`, as the import button does, into a scratch database.
 * Prints the time and records per second of a first import (all created), a second one (all
 * unchanged) and one where every price changed (all updated).
 *
 *   pnpm --filter @pharm/bench exec tsx import.ts                  # embedded PGlite
 *   DATABASE_URL=postgres://... pnpm --filter @pharm/bench exec tsx import.ts
 *   PRODUCTS=2000 VARIANTS=5 ...                                   # another size
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCaller, createInnerContext } from '@pharm/api';
import { PRODUCT_CATEGORIES } from '@pharm/validators';
import { openScratchDb } from './lib/scratch-db.js';

const PRODUCTS = Number(process.env.PRODUCTS ?? 10_000);
const VARIANTS = Number(process.env.VARIANTS ?? 5);
const SIZES = ['2R', '4R', '6R', '10R', '20R', '30 mL', '50 mL', '100 mL'];
const COLORS = ['Clear', 'Amber', 'Blue', 'Red', 'Grey'];

function feed(priceCents: (p: number, v: number) => number) {
  const price = (cents: number) =>
    `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  const products = [];
  for (let p = 1; p <= PRODUCTS; p += 1) {
    const sku = `BN-${String(p).padStart(5, '0')}`;
    const variants = [];
    for (let v = 1; v <= VARIANTS; v += 1) {
      variants.push({
        variantSku: `${sku}-${v}`,
        size: SIZES[(p + v) % SIZES.length],
        color: COLORS[(p * v) % COLORS.length],
        material: 'Borosilicate Type I glass',
        sterile: v % 2 === 0,
        packageQty: 100,
        defaultPrice: price(priceCents(p, v)),
        notes: v === 1 ? 'Brimful volume per ISO 8362-1' : null,
      });
    }
    products.push({
      sku,
      name: `Bench product ${p}`,
      category: PRODUCT_CATEGORIES[p % PRODUCT_CATEGORIES.length],
      defaultPrice: price(priceCents(p, 0)),
      variants,
    });
  }
  return JSON.stringify({ products });
}

const dir = mkdtempSync(path.join(tmpdir(), 'bench-import-'));
const feedPath = path.join(dir, 'feed.json');
const { handle, label, dispose } = await openScratchDb();

try {
  const { db } = handle;
  const user = await db
    .insertInto('users')
    .values({
      email: 'bench@example.com',
      passwordHash: 'not-a-login',
      firstName: 'Bench',
      lastName: null,
      role: 'admin',
    })
    .returning(['id', 'email', 'firstName', 'lastName', 'role', 'createdAt'])
    .executeTakeFirstOrThrow();
  const caller = createCaller(createInnerContext({ db, user, config: { catalogFeed: feedPath } }));
  const records = PRODUCTS * (VARIANTS + 1);
  console.log(
    `catalogue import on ${label}: ${PRODUCTS} products, ${PRODUCTS * VARIANTS} variants (${records} records)`,
  );

  const run = async (label: string, text: string) => {
    writeFileSync(feedPath, text);
    const start = performance.now();
    const result = await caller.products.importCatalog();
    const seconds = (performance.now() - start) / 1000;
    if (result.errors.length)
      throw new Error(`import failed: ${JSON.stringify(result.errors.slice(0, 3))}`);
    console.log(
      `${label.padEnd(10)} ${seconds.toFixed(2).padStart(6)} s  ${Math.round(records / seconds)
        .toLocaleString('en-US')
        .padStart(7)} records/s  ` +
        `products ${result.created}/${result.updated}/${result.unchanged}, variants ${result.variants.created}/${result.variants.updated}/${result.variants.unchanged} (created/updated/unchanged)`,
    );
  };
  const original = feed((p, v) => 1000 + ((p * 7 + v * 13) % 9000));
  await run('first', original);
  await run('again', original);
  await run(
    'repriced',
    feed((p, v) => 1100 + ((p * 7 + v * 13) % 9000)),
  );
} finally {
  await dispose();
  rmSync(dir, { recursive: true, force: true });
}
