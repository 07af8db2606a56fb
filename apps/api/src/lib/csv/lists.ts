/**
 * The CSV exports of the lists (issue 12), behind the REST file routes (`exportRoutes` in
 * rest.ts). Each walks its list procedure page by page with the list's own filters, so the same
 * session check, validation and filtering apply and the file holds exactly what the list shows.
 */
import { isInvoiceOverdue, todayIso, type ProductWithVariantsData } from '@pharm/validators';
import type { createCaller } from '../../root.js';
import {
  csvFilename,
  EXPORT_PAGE_SIZE,
  pagedRows,
  rowsOf,
  type Cell,
  type CsvDownload,
} from './csv.js';

type Caller = ReturnType<typeof createCaller>;

/** The filters of a list as the REST query gives them, for the procedure's schema to check. */
type Filters<K extends string> = Partial<Record<K, unknown>>;

export async function exportPharmacies(caller: Caller, filters: Filters<'q' | 'hold'>) {
  return {
    filename: csvFilename('pharmacies', todayIso()),
    columns: [
      'name',
      'contact_name',
      'email',
      'phone',
      'shipping_address',
      'billing_address',
      'terms',
      'balance',
      'notes',
      'created_at',
    ],
    rows: await pagedRows(
      (cursor) => caller.pharmacies.list({ ...filters, cursor, limit: EXPORT_PAGE_SIZE } as never),
      (p) => [
        [
          p.name,
          p.contactName,
          p.email,
          p.phone,
          p.shippingAddress,
          p.billingAddress,
          p.terms,
          p.balance,
          p.notes,
          p.createdAt,
        ],
      ],
    ),
  } satisfies CsvDownload;
}

/** The catalogue import's CSV columns (catalog/parse.ts), as the products export writes them. */
export const PRODUCT_COLUMNS = [
  'sku',
  'name',
  'category',
  'default_price',
  'active',
  'variant_sku',
  'size',
  'color',
  'material',
  'sterile',
  'package_qty',
  'variant_price',
  'notes',
] as const;

/** A product's rows: one per variant, or one with the variant columns empty when it has none. */
export function productRows(product: ProductWithVariantsData): Cell[][] {
  const head: Cell[] = [
    product.sku,
    product.name,
    product.category,
    product.defaultPrice,
    product.active,
  ];
  if (!product.variants.length) return [[...head, null, null, null, null, null, null, null, null]];
  return product.variants.map((v) => [
    ...head,
    v.variantSku,
    v.size,
    v.color,
    v.material,
    v.sterile,
    v.packageQty,
    v.defaultPrice,
    v.notes,
  ]);
}

/**
 * One row per variant, in the catalogue import's CSV format, so that the file uploaded again
 * changes nothing.
 */
export async function exportProducts(caller: Caller, filters: Filters<'q' | 'category'>) {
  return {
    filename: csvFilename('products', todayIso()),
    columns: PRODUCT_COLUMNS,
    rows: await pagedRows(
      (cursor) => caller.products.list({ ...filters, cursor, limit: EXPORT_PAGE_SIZE } as never),
      productRows,
    ),
  } satisfies CsvDownload;
}

/** One row per line item, the order's columns repeated on each. */
export async function exportOrders(caller: Caller, filters: Filters<'q' | 'status'>) {
  return {
    filename: csvFilename('orders', todayIso()),
    columns: [
      'order_number',
      'order_date',
      'status',
      'pharmacy',
      'ship_method',
      'order_total',
      'line',
      'product_sku',
      'variant_sku',
      'description',
      'qty',
      'unit_price',
      'line_total',
    ],
    rows: await pagedRows(
      (cursor) => caller.orders.list({ ...filters, cursor, limit: EXPORT_PAGE_SIZE } as never),
      (order) => {
        const head: Cell[] = [
          order.orderNumber,
          order.orderDate,
          order.status,
          order.pharmacy.name,
          order.shipMethod,
          order.total,
        ];
        if (!order.lineItems.length) return [head];
        return order.lineItems.map((line) => [
          ...head,
          line.position,
          line.productSku,
          line.variantSku,
          line.description,
          line.qty,
          line.unitPrice,
          line.lineTotal,
        ]);
      },
    ),
  } satisfies CsvDownload;
}

export async function exportInvoices(caller: Caller, filters: Filters<'q' | 'tab' | 'payable'>) {
  const today = todayIso();
  return {
    filename: csvFilename('invoices', today),
    columns: [
      'invoice_number',
      'pharmacy',
      'invoice_date',
      'due_date',
      'status',
      'overdue',
      'terms',
      'lot_number',
      'tray_size',
      'nest_size',
      'case_size',
      'amount',
      'tax_rate',
      'tax_amount',
      'shipping',
      'total',
      'amount_paid',
      'balance',
      'notes',
    ],
    rows: await pagedRows(
      (cursor) => caller.invoices.list({ ...filters, cursor, limit: EXPORT_PAGE_SIZE } as never),
      (i) => [
        [
          i.invoiceNumber,
          i.pharmacy.name,
          i.invoiceDate,
          i.dueDate,
          i.status,
          isInvoiceOverdue(i, today),
          i.terms,
          i.lotNumber,
          i.traySize,
          i.nestSize,
          i.caseSize,
          i.amount,
          i.taxRate,
          i.taxAmount,
          i.shipping,
          i.total,
          i.amountPaid,
          i.balance,
          i.notes,
        ],
      ],
    ),
  } satisfies CsvDownload;
}

export async function exportPayments(caller: Caller, filters: Filters<'q' | 'invoiceId'>) {
  return {
    filename: csvFilename('payments', todayIso()),
    columns: [
      'payment_number',
      'date',
      'pharmacy',
      'invoice_number',
      'amount',
      'method',
      'reference',
      'notes',
    ],
    rows: await pagedRows(
      (cursor) => caller.payments.list({ ...filters, cursor, limit: EXPORT_PAGE_SIZE } as never),
      (p) => [
        [
          p.paymentNumber,
          p.date,
          p.pharmacy.name,
          p.invoice.invoiceNumber,
          p.amount,
          p.method,
          p.reference,
          p.notes,
        ],
      ],
    ),
  } satisfies CsvDownload;
}

/** The A/R aging report's buckets: open (non-Draft, unpaid) invoices by days past due. */
export async function exportAging(caller: Caller) {
  const { aging, agingCounts } = await caller.reports.get();
  return {
    filename: csvFilename('ar-aging', todayIso()),
    columns: ['bucket', 'invoices', 'amount'],
    rows: rowsOf([
      ['Current (0-30 days)', agingCounts.current, aging.current],
      ['31-60 days', agingCounts.days31to60, aging.days31to60],
      ['61-90 days', agingCounts.days61to90, aging.days61to90],
      ['Over 90 days', agingCounts.over90, aging.over90],
    ]),
  } satisfies CsvDownload;
}

/** Every open invoice, most past due first (the report's detail shows the first 100). */
export async function exportOutstanding(caller: Caller) {
  const toRow = (i: Awaited<ReturnType<Caller['reports']['outstanding']>>['items'][number]) => [
    i.invoiceNumber,
    i.pharmacy.name,
    i.invoiceDate,
    i.dueDate,
    Math.max(0, i.daysPastDue),
    i.status,
    i.total,
    i.balance,
  ];
  const first = await caller.reports.outstanding({ limit: EXPORT_PAGE_SIZE });
  return {
    filename: csvFilename('outstanding-invoices', todayIso()),
    columns: [
      'invoice_number',
      'pharmacy',
      'invoice_date',
      'due_date',
      'days_past_due',
      'status',
      'total',
      'balance',
    ],
    rows: (async function* () {
      let page = first;
      for (;;) {
        yield* page.items.map(toRow);
        if (!page.after) return;
        page = await caller.reports.outstanding({ after: page.after, limit: EXPORT_PAGE_SIZE });
      }
    })(),
  } satisfies CsvDownload;
}

/** The recall's contact list: one row per invoice, the pharmacy's contact on each. */
export async function exportRecall(caller: Caller, lot: unknown) {
  const entries = await caller.recall.find({ lot } as never);
  const rows: Cell[][] = entries.flatMap(({ pharmacy, invoices }) =>
    invoices.map((i) => [
      pharmacy.name,
      pharmacy.contactName,
      pharmacy.email,
      pharmacy.phone,
      i.invoiceNumber,
      i.invoiceDate,
      i.lotNumber,
      i.status,
      i.lineItems.map((line) => `${line.qty} x ${line.description}`).join('; '),
    ]),
  );
  return {
    filename: csvFilename(`recall-${lotSlug(lot)}`, todayIso()),
    columns: [
      'pharmacy',
      'contact_name',
      'email',
      'phone',
      'invoice_number',
      'invoice_date',
      'lot_number',
      'status',
      'line_items',
    ],
    rows: rowsOf(rows),
  } satisfies CsvDownload;
}

/** The lot as a file-name part: letters, digits, '-' and '.', a prefix's '*' as 'prefix'. */
export function lotSlug(lot: unknown): string {
  const text = typeof lot === 'string' ? lot.trim() : '';
  const slug = text.replace(/\*$/, '-prefix').replace(/[^A-Za-z0-9.-]+/g, '_');
  return slug.slice(0, 60) || 'lot';
}
