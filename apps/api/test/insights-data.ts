import {
  allocationCountsFrom,
  allocationInvoiceDate,
  type Db,
  type Invoice,
  type Order,
} from '@pharm/db';
import { sql } from 'kysely';

/**
 * Rows written straight in SQL, with the amounts and dates a test chooses, for the dashboard,
 * reports and search figures (the invoice services are another issue's; the figures read the
 * tables, whoever writes them).
 */
let sequence = 0;

export async function insertPharmacy(
  db: Db,
  name: string,
  email = `p${++sequence}@example.com`,
): Promise<number> {
  const { id } = await db
    .insertInto('pharmacies')
    .values({ name, email })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertOrder(
  db: Db,
  values: { pharmacyId: number; status?: Order['status']; total?: string; orderNumber?: string },
): Promise<number> {
  const { id } = await db
    .insertInto('orders')
    .values({
      orderNumber: values.orderNumber ?? `ORD-TEST-${String(++sequence).padStart(5, '0')}`,
      pharmacyId: values.pharmacyId,
      orderDate: '2026-03-14',
      status: values.status ?? 'Draft',
      subtotal: values.total ?? '10.00',
      total: values.total ?? '10.00',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface InvoiceValues {
  pharmacyId: number;
  status: Invoice['status'];
  total: string;
  balance: string;
  /** Days from today (the database's current_date) to the due date; negative is past due. */
  dueInDays?: number;
  /** Fixed dates instead ('YYYY-MM-DD'): the invoice's, and its due date (default: the same). */
  invoiceDate?: string;
  dueDate?: string;
  invoiceNumber?: string;
}

export async function insertInvoice(db: Db, values: InvoiceValues): Promise<number> {
  const { id } = await db
    .insertInto('invoices')
    .values({
      invoiceNumber: values.invoiceNumber ?? `INV-TEST-${String(++sequence).padStart(5, '0')}`,
      pharmacyId: values.pharmacyId,
      invoiceDate: values.invoiceDate ?? sql<string>`current_date - 40`,
      dueDate:
        values.dueDate ??
        values.invoiceDate ??
        sql<string>`current_date + ${values.dueInDays ?? 30}::int`,
      status: values.status,
      amount: values.total,
      subtotal: values.total,
      total: values.total,
      balance: values.balance,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * A payment of an invoice on a date, wholly applied to it by an allocation made with it (the
 * spec's payment: same `created_at`, so it counts from the payment's date); the test sets the
 * invoice's balance to match. Returns the payment's id.
 */
export async function insertPayment(
  db: Db,
  values: { invoiceId: number; pharmacyId: number; date: string; amount: string },
): Promise<number> {
  const payment = await db
    .insertInto('payments')
    .values({
      ...values,
      paymentNumber: `PAY-TEST-${String(++sequence).padStart(5, '0')}`,
      method: 'ACH',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // created_at copied in SQL: a JS Date would drop its microseconds.
  await sql`insert into allocations (pharmacy_id, payment_id, invoice_id, amount, created_at,
                                     counts_from, invoice_date)
            select p.pharmacy_id, p.id, p.invoice_id, p.amount, p.created_at,
                   ${allocationCountsFrom({
                     invoiceId: sql`p.invoice_id`,
                     paymentId: sql`p.id`,
                     creditNoteId: sql`null::int`,
                     createdAt: sql`p.created_at`,
                   })},
                   ${allocationInvoiceDate({ invoiceId: sql`p.invoice_id` })}
              from payments p where p.id = ${payment.id}`.execute(db);
  return payment.id;
}

/**
 * What pharmacy_sales and pharmacy_monthly_sales must hold, computed from every invoice (the
 * triggers keep them so).
 */
export async function salesFromScratch(db: Db) {
  const [all, monthly] = await Promise.all([
    sql<{ pharmacyId: number; salesTotal: string; invoiceCount: number }>`
      select pharmacy_id,
             coalesce(sum(total) filter (where status <> 'Draft'), 0)::numeric(16,2)::text
               as sales_total,
             count(*)::int as invoice_count
        from invoices group by pharmacy_id order by pharmacy_id`.execute(db),
    sql<{ month: string; pharmacyId: number; salesTotal: string; invoiceCount: number }>`
      select date_trunc('month', invoice_date)::date::text as month, pharmacy_id,
             coalesce(sum(total) filter (where status <> 'Draft'), 0)::numeric(16,2)::text
               as sales_total,
             count(*)::int as invoice_count
        from invoices group by 1, 2 order by 1, 2`.execute(db),
  ]);
  return { all: all.rows, monthly: monthly.rows };
}

/** pharmacy_sales and pharmacy_monthly_sales as kept, without the rows that say nothing. */
export async function salesAsKept(db: Db) {
  const [all, monthly] = await Promise.all([
    sql<{ pharmacyId: number; salesTotal: string; invoiceCount: number }>`
      select pharmacy_id, sales_total::text as sales_total, invoice_count
        from pharmacy_sales where invoice_count <> 0 or sales_total <> 0
       order by pharmacy_id`.execute(db),
    sql<{ month: string; pharmacyId: number; salesTotal: string; invoiceCount: number }>`
      select month::text as month, pharmacy_id, sales_total::text as sales_total, invoice_count
        from pharmacy_monthly_sales where invoice_count <> 0 or sales_total <> 0
       order by 1, 2`.execute(db),
  ]);
  return { all: all.rows, monthly: monthly.rows };
}
