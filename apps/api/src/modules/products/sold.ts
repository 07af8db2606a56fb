import type { Db } from '@pharm/db';

/**
 * The ids of the orders that sold a product, as a subquery: a line carries its SKU or one of its
 * variants' SKUs (migration 0015 indexes both). An unknown product sold nothing.
 */
export function ordersSelling(db: Db, productId: number) {
  const sku = db.selectFrom('products').select('sku').where('id', '=', productId);
  return db
    .selectFrom('orderLineItems as l')
    .select('l.orderId')
    .where((eb) =>
      eb.or([
        eb('l.productSku', '=', sku),
        eb(
          'l.variantSku',
          'in',
          db.selectFrom('productVariants').select('variantSku').where('parentSku', '=', sku),
        ),
      ]),
    );
}
