import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvText, EXPORT_PAGE_SIZE } from '../src/lib/csv/csv.js';
import { seed } from '../src/seed/index.js';
import { startTestApp, type Client, type Response, type TestApp } from './helpers.js';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  await seed(t.db, () => undefined);
  c = await t.signedIn();
}, 120_000);
afterAll(() => t.close());

async function trpc(procedure: string, input?: unknown) {
  const res = await c.post(`/trpc/${procedure}`, input === undefined ? undefined : { json: input });
  if (res.status !== 200) throw new Error(`${procedure}: ${res.status} ${res.text}`);
  return res.body.result.data.json;
}

/** A CSV answer's header and rows, after checking what every export sends. */
function csvOf(res: Response, filename: RegExp): { header: string[]; rows: string[][] } {
  expect(res.status, res.text).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toMatch(
    new RegExp(`^attachment; filename="${filename.source}"$`),
  );
  expect(res.text.startsWith('\uFEFF')).toBe(true);
  // As a spreadsheet reads it: any line break outside quotes ends a row.
  const [header, ...rows] = parse(res.text, {
    bom: true,
    record_delimiter: ['\r\n', '\n', '\r'],
  }) as string[][];
  return { header: header!, rows };
}

async function count(query: ReturnType<typeof sql<{ n: number }>>): Promise<number> {
  const { rows } = await query.execute(t.db);
  return Number(rows[0]!.n);
}

const invoiceIdsWhere = async (where: ReturnType<typeof sql>) =>
  (await sql<{ id: number }>`select id from invoices where ${where} order by id`.execute(t.db)).rows
    .map((r) => r.id)
    .sort((a, b) => a - b);

const recallIds = (entries: { invoices: { id: number }[] }[]) =>
  entries.flatMap((e) => e.invoices.map((i) => i.id)).sort((a, b) => a - b);

describe('GET /api/recall', () => {
  it('finds every invoice of a lot and no other, in any case, grouped by pharmacy', async () => {
    const expected = await invoiceIdsWhere(sql`lot_number = 'VL-2611-A'`);
    expect(expected.length).toBeGreaterThan(1);
    const res = await c.get('/api/recall?lot=vl-2611-a');
    expect(res.status, res.text).toBe(200);
    expect(recallIds(res.body)).toEqual(expected);
    const pharmacyIds = res.body.map((e: { pharmacy: { id: number } }) => e.pharmacy.id);
    expect(new Set(pharmacyIds).size).toBe(pharmacyIds.length);
    const [entry] = res.body;
    expect(Object.keys(entry.pharmacy).sort()).toEqual([
      'contactName',
      'email',
      'id',
      'name',
      'phone',
    ]);
    const owner = await t.db
      .selectFrom('pharmacies')
      .select(['name', 'contactName', 'email', 'phone'])
      .where('id', '=', entry.pharmacy.id)
      .executeTakeFirstOrThrow();
    expect(entry.pharmacy).toMatchObject(owner);
    for (const invoice of entry.invoices) {
      expect(invoice).toMatchObject({ lotNumber: 'VL-2611-A' });
      expect(invoice.invoiceNumber).toMatch(/^INV-/);
      expect(invoice.invoiceDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('finds every lot starting with a prefix', async () => {
    const expected = await invoiceIdsWhere(sql`lot_number like 'VL-2611%'`);
    const lots = await sql<{ lot: string }>`
      select distinct lot_number as lot from invoices where lot_number like 'VL-2611%'`.execute(
      t.db,
    );
    expect(lots.rows.length).toBe(2);
    const res = await c.get('/api/recall?lot=VL-2611*');
    expect(res.status, res.text).toBe(200);
    expect(recallIds(res.body)).toEqual(expected);
  });

  it('matches LIKE metacharacters in the lot literally', async () => {
    const pharmacy = await t.db.selectFrom('pharmacies').select('id').orderBy('id').execute();
    const make = (lotNumber: string) =>
      trpc('invoices.create', {
        pharmacyId: pharmacy[0]!.id,
        invoiceDate: '2026-01-05',
        dueDate: '2026-02-04',
        amount: '10.00',
        lotNumber,
      });
    const percent = await make('LIT%_9');
    const plain = await make('LITXY9');
    const ids = async (lot: string) =>
      recallIds((await c.get(`/api/recall?lot=${encodeURIComponent(lot)}`)).body);
    expect(await ids('LIT%_9')).toEqual([percent.id]);
    expect(await ids('LIT%*')).toEqual([percent.id]);
    expect(await ids('LIT_X*')).toEqual([]);
    expect(await ids('LIT*')).toEqual([percent.id, plain.id].sort((a, b) => a - b));
    expect(await ids('LITX')).toEqual([]);
  });

  it('refuses an empty lot or a bare *, and answers 401 signed out', async () => {
    expect((await c.get('/api/recall?lot=')).status).toBe(400);
    expect((await c.get('/api/recall?lot=*')).status).toBe(400);
    expect((await c.get('/api/recall')).status).toBe(400);
    expect((await t.client().get('/api/recall?lot=VL*')).status).toBe(401);
    expect((await t.client().get('/api/recall.csv?lot=VL*')).status).toBe(401);
  });

  it('downloads the contact list as CSV and as a PDF', async () => {
    const expected = await invoiceIdsWhere(sql`lot_number like 'ST-2609%'`);
    const { header, rows } = csvOf(
      await c.get('/api/recall.csv?lot=ST-2609*'),
      /recall-ST-2609-prefix-\d{4}-\d{2}-\d{2}\.csv/,
    );
    expect(header).toEqual([
      'pharmacy',
      'contact_name',
      'email',
      'phone',
      'invoice_number',
      'invoice_date',
      'lot_number',
      'status',
      'line_items',
    ]);
    expect(rows).toHaveLength(expected.length);
    expect(new Set(rows.map((r) => r[6]))).toEqual(new Set(['ST-2609-C']));

    const pdf = await c.get('/api/recall.pdf?lot=ST-2609*');
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      'attachment; filename="recall-ST-2609-prefix.pdf"',
    );
    expect(pdf.text.startsWith('%PDF-')).toBe(true);
  });
});

describe('global search: Lots', () => {
  it('lists the lot numbers starting with the text and how many invoices shipped each', async () => {
    const res = await c.get('/api/search?q=vl-2611');
    expect(res.status, res.text).toBe(200);
    const counts = await sql<{ lotNumber: string; invoiceCount: number }>`
      select lot_number as "lotNumber", count(*)::int as "invoiceCount" from invoices
       where lot_number like 'VL-2611%' group by lot_number order by lot_number`.execute(t.db);
    expect(res.body.lots).toEqual(counts.rows);
    expect((await c.get('/api/search?q=zz-no-lot')).body.lots).toEqual([]);
  });
});

describe('CSV exports of the lists', () => {
  it('pharmacies: each with its shipping state and its licences in one cell', async () => {
    const pharmacy = await c.post('/api/pharmacies', {
      name: 'Licensed Export Pharmacy',
      email: 'licensed-export@example.com',
      shippingAddress: '12 Main St, Springfield, IL 62701',
    });
    expect(pharmacy.status, pharmacy.text).toBe(201);
    for (const licence of [
      { kind: 'state_pharmacy', number: 'PH-EXPORT-1', state: 'IL', expiresOn: '2099-03-31' },
      { kind: 'dea', number: 'BX1234563', schedules: ['II', 'III'], expiresOn: '2001-01-31' },
    ]) {
      const res = await c.post(`/api/pharmacies/${pharmacy.body.id}/licences`, licence);
      expect(res.status, res.text).toBe(201);
    }
    const { header, rows } = csvOf(
      await c.get('/api/pharmacies.csv?q=Licensed%20Export'),
      /pharmacies-\d{4}-\d{2}-\d{2}\.csv/,
    );
    expect(header.slice(-2)).toEqual(['shipping_state', 'licences']);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.slice(-2)).toEqual([
      'IL',
      'DEA registration BX1234563 (II, III), Expired (expires 2001-01-31); ' +
        'State pharmacy licence PH-EXPORT-1 IL, Valid (expires 2099-03-31)',
    ]);
  });

  it('pharmacies: every pharmacy, across more than one page', async () => {
    await sql`
      insert into pharmacies (name, email, balance)
      select 'Bulk Pharmacy ' || n, 'bulk' || n || '@example.com', 0
        from generate_series(1, ${EXPORT_PAGE_SIZE * 2 + 17}) n`.execute(t.db);
    const total = await count(sql`select count(*)::int as n from pharmacies`);
    expect(total).toBeGreaterThan(EXPORT_PAGE_SIZE * 2);
    const { header, rows } = csvOf(
      await c.get('/api/pharmacies.csv'),
      /pharmacies-\d{4}-\d{2}-\d{2}\.csv/,
    );
    expect(header.slice(0, 4)).toEqual(['name', 'contact_name', 'email', 'phone']);
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r[2])).size).toBe(total);

    const filtered = csvOf(await c.get('/api/pharmacies.csv?q=bulk%20pharmacy%2012'), /.*/);
    expect(filtered.rows.map((r) => r[0]).sort()).toEqual(
      ['12', ...Array.from({ length: 10 }, (_, i) => `12${i}`)]
        .map((n) => `Bulk Pharmacy ${n}`)
        .sort(),
    );
  });

  it('pharmacies: with hold=true, only those on credit hold, as on the On credit hold tab', async () => {
    await sql`update pharmacies set credit_limit = 1, balance = 100
      where name = 'Bulk Pharmacy 7'`.execute(t.db);
    const input = encodeURIComponent(JSON.stringify({ json: { hold: true, limit: 100 } }));
    const list = await c.get(`/trpc/pharmacies.list?input=${input}`);
    expect(list.status, list.text).toBe(200);
    const onHold = (list.body.result.data.json.items as { name: string }[]).map((p) => p.name);
    expect(onHold).toContain('Bulk Pharmacy 7');
    const total = await count(sql`select count(*)::int as n from pharmacies`);
    expect(onHold.length).toBeLessThan(total);

    const { rows } = csvOf(await c.get('/api/pharmacies.csv?hold=true'), /.*/);
    expect(rows.map((r) => r[0]).sort()).toEqual(onHold.sort());
  });

  it('products: one row per variant in the import format, filtered by category', async () => {
    const expected = await count(sql`
      select count(*)::int as n
        from products p left join product_variants v on v.parent_sku = p.sku`);
    const { header, rows } = csvOf(
      await c.get('/api/products.csv'),
      /products-\d{4}-\d{2}-\d{2}\.csv/,
    );
    expect(header.join(',')).toBe(
      'sku,name,category,default_price,active,variant_sku,size,color,material,sterile,package_qty,variant_price,notes,controlled_schedule,bulk_substance,variant_controlled_schedule,variant_bulk_substance',
    );
    expect(rows).toHaveLength(expected);
    const vials = csvOf(await c.get('/api/products.csv?category=Vial'), /.*/);
    expect(vials.rows.length).toBeGreaterThan(0);
    expect(new Set(vials.rows.map((r) => r[2]))).toEqual(new Set(['Vial']));
    expect((await c.get('/api/products.csv?category=Bottle')).status).toBe(400);
  });

  it('products: the export uploaded again previews 0 changes, an edited row as 1 update', async () => {
    const csv = (await c.get('/api/products.csv')).text;
    const preview = await trpc('products.previewCsv', { csv });
    expect(preview.errors).toEqual([]);
    expect(preview).toMatchObject({ created: 0, updated: 0 });
    expect(preview.variants).toMatchObject({ created: 0, updated: 0 });
    expect(preview.unchanged).toBeGreaterThan(0);

    const [header, ...rows] = parse(csv, { bom: true }) as string[][];
    const sku = rows[0]![0];
    for (const row of rows) if (row[0] === sku) row[1] = `${row[1]} (edited)`;
    const edited = [header!, ...rows]
      .map((row) => row.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(','))
      .join('\r\n');
    const after = await trpc('products.previewCsv', { csv: edited });
    expect(after.errors).toEqual([]);
    expect(after).toMatchObject({ created: 0, updated: 1, unchanged: preview.unchanged - 1 });
    expect(after.variants).toMatchObject({ created: 0, updated: 0 });
  });

  it('orders: one row per line item, filtered by status', async () => {
    const lines = await count(sql`select count(*)::int as n from order_line_items`);
    const { header, rows } = csvOf(await c.get('/api/orders.csv'), /orders-\d{4}-\d{2}-\d{2}\.csv/);
    expect(header.slice(0, 3)).toEqual(['order_number', 'order_date', 'status']);
    expect(rows).toHaveLength(lines);
    const sentLines = await count(sql`
      select count(*)::int as n from order_line_items l join orders o on o.id = l.order_id
       where o.status = 'Sent'`);
    const sent = csvOf(await c.get('/api/orders.csv?status=Sent'), /.*/);
    expect(sent.rows).toHaveLength(sentLines);
    expect(new Set(sent.rows.map((r) => r[2]))).toEqual(new Set(['Sent']));
    for (const row of sent.rows) expect(row[12]).toMatch(/^\d+\.\d{2}$/);
    expect((await c.get('/api/orders.csv?status=Lost')).status).toBe(400);
  });

  it('invoices: every invoice, money as plain decimals, filtered by tab and text', async () => {
    const total = await count(sql`select count(*)::int as n from invoices`);
    const { header, rows } = csvOf(
      await c.get('/api/invoices.csv'),
      /invoices-\d{4}-\d{2}-\d{2}\.csv/,
    );
    expect(rows).toHaveLength(total);
    const col = (name: string) => header.indexOf(name);
    for (const row of rows) {
      expect(row[col('total')]).toMatch(/^\d+\.\d{2}$/);
      expect(row[col('balance')]).toMatch(/^\d+\.\d{2}$/);
      expect(row[col('invoice_date')]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const paid = csvOf(await c.get('/api/invoices.csv?tab=paid'), /.*/);
    const paidCount = await count(
      sql`select count(*)::int as n from invoices where status = 'Paid'`,
    );
    expect(paid.rows).toHaveLength(paidCount);
    const overdue = csvOf(await c.get('/api/invoices.csv?tab=overdue'), /.*/);
    expect(overdue.rows.length).toBeGreaterThan(0);
    expect(new Set(overdue.rows.map((r) => r[col('overdue')]))).toEqual(new Set(['true']));
    const one = rows[0]![col('invoice_number')]!;
    const byNumber = csvOf(await c.get(`/api/invoices.csv?q=${one}`), /.*/);
    expect(byNumber.rows.map((r) => r[col('invoice_number')])).toEqual([one]);
  });

  it('payments: every payment', async () => {
    const total = await count(sql`select count(*)::int as n from payments`);
    const { header, rows } = csvOf(
      await c.get('/api/payments.csv'),
      /payments-\d{4}-\d{2}-\d{2}\.csv/,
    );
    expect(header).toEqual([
      'payment_number',
      'date',
      'pharmacy',
      'invoice_number',
      'amount',
      'method',
      'reference',
      'notes',
    ]);
    expect(rows).toHaveLength(total);
  });

  it('A/R aging and outstanding detail', async () => {
    const report = (await c.get('/api/reports')).body;
    const aging = csvOf(await c.get('/api/reports/aging.csv'), /ar-aging-\d{4}-\d{2}-\d{2}\.csv/);
    expect(aging.header).toEqual(['bucket', 'invoices', 'amount']);
    expect(aging.rows.map((r) => r[2])).toEqual([
      report.aging.current,
      report.aging.days31to60,
      report.aging.days61to90,
      report.aging.over90,
      report.unappliedCash === '0.00' ? '0.00' : `-${report.unappliedCash}`,
      report.totalOutstanding,
    ]);
    const outstanding = csvOf(
      await c.get('/api/reports/outstanding.csv'),
      /outstanding-invoices-\d{4}-\d{2}-\d{2}\.csv/,
    );
    expect(outstanding.rows).toHaveLength(report.outstandingInvoiceCount);
    const dueDates = outstanding.rows.map((r) => r[3]!);
    expect(dueDates).toEqual([...dueDates].sort());
  });

  it('prefixes cells a spreadsheet would run as formulas, leaving plain numbers alone', async () => {
    const created = await trpc('pharmacies.create', {
      name: '=HYPERLINK("http://evil.example","x")',
      contactName: '@SUM(A1:A9)',
      email: 'formula@example.com',
      phone: '+1 (555) 010-0000',
      notes: '-2+3',
    });
    const { header, rows } = csvOf(await c.get('/api/pharmacies.csv?q=formula%40example'), /.*/);
    expect(rows).toHaveLength(1);
    const row = Object.fromEntries(header.map((h, i) => [h, rows[0]![i]]));
    expect(row.name).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(row.contact_name).toBe(`'@SUM(A1:A9)`);
    expect(row.phone).toBe(`'+1 (555) 010-0000`);
    expect(row.notes).toBe(`'-2+3`);
    expect(row.balance).toBe('0.00');
    expect(created.id).toBeGreaterThan(0);
  });

  for (const [what, name, exported] of [
    ['a line break', "Acme\n=cmd|' /C calc'!A0", "Acme\n'=cmd|' /C calc'!A0"],
    ['a lone CR', "Acme\r=cmd|' /C calc'!A0", "Acme\r'=cmd|' /C calc'!A0"],
  ] as const) {
    it(`keeps a name with a formula after ${what} in one row, the formula guarded`, async () => {
      const email = `rebreak${name.charCodeAt(4)}@example.com`;
      expect((await c.post('/api/pharmacies', { name, email })).status).toBe(201);
      const { header, rows } = csvOf(
        await c.get(`/api/pharmacies.csv?q=${encodeURIComponent(email)}`),
        /.*/,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toHaveLength(header.length);
      expect(rows[0]![header.indexOf('name')]).toBe(exported);
      expect(rows[0]![header.indexOf('email')]).toBe(email);
    });
  }

  it("keeps an order line's description with a formula after a line break in its row", async () => {
    const pharmacy = await c.post('/api/pharmacies', {
      name: 'Line Break Pharmacy',
      email: 'linebreak@example.com',
    });
    const order = await c.post('/api/orders', {
      pharmacyId: pharmacy.body.id,
      orderDate: '2026-03-14',
      lineItems: [
        { description: '10 mL vial\n=HYPERLINK("http://evil.example")', qty: 2, unitPrice: '1.50' },
        { description: 'Stopper', qty: 1, unitPrice: '0.00' },
      ],
    });
    expect(order.status, order.text).toBe(201);
    const { header, rows } = csvOf(
      await c.get(`/api/orders.csv?q=${order.body.orderNumber}`),
      /.*/,
    );
    expect(rows.map((r) => r[header.indexOf('description')])).toEqual([
      `10 mL vial\n'=HYPERLINK("http://evil.example")`,
      'Stopper',
    ]);
    expect(rows.map((r) => r[header.indexOf('line_total')])).toEqual(['3.00', '0.00']);
  });

  it('products: any text a product takes comes back through the upload preview as 0 changes', async () => {
    const texts = [
      "Acme\n=cmd|' /C calc'!A0",
      'lone\rCR',
      "'=already guarded",
      "''=twice",
      "'Twas",
      '-12.50',
      '+1 (555) 010-0000',
      'a;=b, "quoted"',
      'Ünïcødé 😀 \u00a0=x',
      'tab\tinside',
    ];
    for (const [i, text] of texts.entries()) {
      const saved = await c.post('/trpc/products.save', {
        json: {
          sku: `ZQX-${i}-${text}`,
          name: text,
          category: 'Vial',
          defaultPrice: '1.00',
          variants: [
            {
              variantSku: `ZQX-${i}-V ${text}`,
              size: text,
              color: text,
              material: text,
              notes: `${text}\r\n- ${text}`,
              packageQty: 1,
              defaultPrice: '2.50',
            },
          ],
        },
      });
      expect(saved.status, saved.text).toBe(200);
      expect(
        (
          await c.post('/api/products', {
            sku: `ZQX-P-${i}`,
            name: text,
            category: 'Cap',
            defaultPrice: '0.00',
          })
        ).status,
      ).toBe(201);
    }
    const csv = (await c.get('/api/products.csv?q=ZQX-')).text;
    const { rows } = csvOf(await c.get('/api/products.csv?q=ZQX-'), /.*/);
    expect(rows).toHaveLength(texts.length * 2);
    const preview = await trpc('products.previewCsv', { csv });
    expect(preview.errors).toEqual([]);
    expect(preview).toMatchObject({ created: 0, updated: 0, unchanged: texts.length * 2 });
    expect(preview.variants).toMatchObject({ created: 0, updated: 0, unchanged: texts.length });
  });

  it('guards tab and CR first too, and keeps negative amounts numbers', () => {
    expect(csvText('\tcmd')).toBe(`'\tcmd`);
    expect(csvText('\rcmd')).toBe(`'\rcmd`);
    expect(csvText('-12.50')).toBe('-12.50');
    expect(csvText('-1+1')).toBe(`'-1+1`);
    expect(csvText(null)).toBe('');
    expect(csvText(false)).toBe('false');
  });

  it('answers 401 signed out and a bad filter with 400 before any byte of a file', async () => {
    for (const path of [
      '/api/pharmacies.csv',
      '/api/products.csv',
      '/api/orders.csv',
      '/api/invoices.csv',
      '/api/payments.csv',
      '/api/reports/aging.csv',
      '/api/reports/outstanding.csv',
    ])
      expect((await t.client().get(path)).status, path).toBe(401);
    const bad = await c.get('/api/invoices.csv?tab=someday');
    expect(bad.status).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^application\/json/);
  });
});
