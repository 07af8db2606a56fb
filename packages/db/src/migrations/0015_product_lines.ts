import { sql, type Kysely } from 'kysely';

/**
 * A product's orders and invoices (issue 25, its record page): the orders with a line of the
 * product's SKU or of one of its variants' SKUs, and the invoices made from them. Each SKU finds
 * its lines, with their order, from an index alone; the invoices follow `invoices_from_order_idx`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index order_line_items_product_idx on order_line_items (product_sku)
      include (order_id)`.execute(db);
  await sql`
    create index order_line_items_variant_idx on order_line_items (variant_sku)
      include (order_id)`.execute(db);
}
