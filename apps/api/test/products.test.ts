import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Client, type TestApp } from './helpers.js';

let t: TestApp;
let c: Client;
beforeAll(async () => {
  t = await startTestApp();
  c = await t.signedIn();
});
afterAll(() => t.close());

/** Calls a tRPC mutation over HTTP the way the web app does (superjson envelope). */
async function mutate(client: Client, procedure: string, input: unknown) {
  const res = await client.post(`/trpc/${procedure}`, { json: input });
  return res.status === 200
    ? { status: 200, data: res.body.result.data.json, message: undefined }
    : {
        status: res.status,
        data: undefined,
        message: res.body.error.json.message as string,
        error: res.body.error.json,
      };
}

async function query(client: Client, procedure: string, input?: unknown) {
  const url =
    input === undefined
      ? `/trpc/${procedure}`
      : `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const res = await client.get(url);
  expect(res.status).toBe(200);
  return res.body.result.data.json;
}

const product = (sku: string, extra: Record<string, unknown> = {}) => ({
  sku,
  name: `Product ${sku}`,
  category: 'Vial',
  defaultPrice: '12.50',
  active: true,
  ...extra,
});

const variant = (variantSku: string, extra: Record<string, unknown> = {}) => ({
  variantSku,
  size: '10R',
  color: 'Clear',
  material: 'Borosilicate Type I glass',
  sterile: false,
  packageQty: 100,
  defaultPrice: '42.00',
  notes: null,
  ...extra,
});

async function activity(entityId: number) {
  return t.db
    .selectFrom('activityLog')
    .selectAll()
    .where('entityType', '=', 'product')
    .where('entityId', '=', entityId)
    .orderBy('id')
    .execute();
}

describe('products REST', () => {
  it('creates a product (201) with an empty variant list and logs it', async () => {
    const res = await c.post('/api/products', product('CRUD-1', { defaultPrice: 7 }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      sku: 'CRUD-1',
      name: 'Product CRUD-1',
      category: 'Vial',
      defaultPrice: '7.00',
      active: true,
      variants: [],
      variantCount: 0,
    });
    const log = await activity(res.body.id);
    expect(log.map((r) => r.action)).toEqual(['create']);
  });

  it('reads one product with its variants, 404 for an unknown id and 400 for a non-integer id', async () => {
    const created = (await c.post('/api/products', product('CRUD-2'))).body;
    expect(
      (await c.post('/api/product-variants', { ...variant('CRUD-2-A'), parentSku: 'CRUD-2' }))
        .status,
    ).toBe(201);
    const res = await c.get(`/api/products/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body.variants.map((v: any) => v.variantSku)).toEqual(['CRUD-2-A']);
    expect(res.body.variantCount).toBe(1);
    expect((await c.get('/api/products/999999')).status).toBe(404);
    expect((await c.get('/api/products/abc')).status).toBe(400);
  });

  it("answers bad input with 400 and the spec's messages", async () => {
    const res = await c.post('/api/products', {
      sku: '',
      name: '',
      category: 'Glassware',
      defaultPrice: '-1',
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      { path: ['sku'], message: 'SKU is required' },
      { path: ['name'], message: 'Product name is required' },
      { path: ['category'], message: 'Category is required' },
      { path: ['defaultPrice'], message: 'Default price must be non-negative' },
    ]);
    const v = await c.post('/api/product-variants', {
      ...variant('', { packageQty: 0, defaultPrice: '-0.01', sterile: 'yes' }),
      parentSku: 'CRUD-1',
    });
    expect(v.status).toBe(400);
    expect(v.body.issues).toEqual([
      { path: ['variantSku'], message: 'Variant SKU is required' },
      { path: ['sterile'], message: 'Sterile must be true or false' },
      { path: ['packageQty'], message: 'Package quantity must be at least 1' },
      { path: ['defaultPrice'], message: 'Price must be non-negative' },
    ]);
    const tooBig = await c.post(
      '/api/products',
      product('BIG-1', { defaultPrice: '123456789.00' }),
    );
    expect(tooBig.status).toBe(400);
  });

  it('refuses a duplicate SKU or variant SKU with 409 naming the SKU', async () => {
    await c.post('/api/products', product('DUP-1'));
    const dup = await c.post('/api/products', product('DUP-1'));
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({
      message: 'SKU DUP-1 already exists',
      code: 'DUPLICATE',
      issues: [{ path: ['sku'], message: 'SKU DUP-1 already exists' }],
    });

    expect(
      (await c.post('/api/product-variants', { ...variant('VL-2R-CLR'), parentSku: 'DUP-1' }))
        .status,
    ).toBe(201);
    const dupVariant = await c.post('/api/product-variants', {
      ...variant('VL-2R-CLR'),
      parentSku: 'DUP-1',
    });
    expect(dupVariant.status).toBe(409);
    expect(dupVariant.body.message).toBe('Variant SKU VL-2R-CLR already exists');

    const other = (await c.post('/api/products', product('DUP-2'))).body;
    const rename = await c.put(`/api/products/${other.id}`, product('DUP-1'));
    expect(rename.status).toBe(409);
    expect(rename.body.message).toBe('SKU DUP-1 already exists');
  });

  it('refuses a variant whose parent SKU does not exist (400)', async () => {
    const res = await c.post('/api/product-variants', {
      ...variant('ORPHAN-1'),
      parentSku: 'NO-SUCH-SKU',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Parent SKU NO-SUCH-SKU does not exist');
    const missing = await c.post('/api/product-variants', variant('ORPHAN-2'));
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toEqual([
      { path: ['parentSku'], message: 'Parent SKU is required' },
    ]);
  });

  it('updates the full product, or only {active} for the toggle', async () => {
    const created = (await c.post('/api/products', product('UPD-1'))).body;
    await c.post('/api/product-variants', { ...variant('UPD-1-A'), parentSku: 'UPD-1' });

    const full = await c.put(
      `/api/products/${created.id}`,
      product('UPD-1B', { name: 'Renamed', category: 'Stopper', defaultPrice: '3.10' }),
    );
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({
      sku: 'UPD-1B',
      name: 'Renamed',
      category: 'Stopper',
      defaultPrice: '3.10',
    });
    // The variants follow the new SKU.
    expect(full.body.variants.map((v: any) => v.parentSku)).toEqual(['UPD-1B']);

    const toggled = await c.put(`/api/products/${created.id}`, { active: false });
    expect(toggled.status).toBe(200);
    expect(toggled.body).toMatchObject({
      sku: 'UPD-1B',
      name: 'Renamed',
      active: false,
      variantCount: 1,
    });

    const bad = await c.put(`/api/products/${created.id}`, { active: 'no' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([
      { path: ['active'], message: 'Active must be true or false' },
    ]);
    const partial = await c.put(`/api/products/${created.id}`, {
      sku: 'UPD-1B',
      category: 'Vial',
      defaultPrice: '1.00',
      active: true,
    });
    expect(partial.status).toBe(400);
    expect(partial.body.issues).toEqual([{ path: ['name'], message: 'Product name is required' }]);

    expect((await c.put('/api/products/999999', { active: true })).status).toBe(404);
    expect((await activity(created.id)).map((r) => r.action)).toEqual([
      'create',
      'update',
      'update',
      'update',
    ]);
  });

  it('deletes a product with its variants in one go, keeping a snapshot in the activity log', async () => {
    const created = (await c.post('/api/products', product('DEL-1'))).body;
    await c.post('/api/product-variants', { ...variant('DEL-1-A'), parentSku: 'DEL-1' });
    await c.post('/api/product-variants', { ...variant('DEL-1-B'), parentSku: 'DEL-1' });
    const res = await c.delete(`/api/products/${created.id}`);
    expect(res.status).toBe(200);
    const left = await t.db
      .selectFrom('productVariants')
      .select('variantSku')
      .where('parentSku', '=', 'DEL-1')
      .execute();
    expect(left).toEqual([]);
    const log = (await activity(created.id)).at(-1)!;
    expect(log.action).toBe('delete');
    expect((log.details as any).snapshot.sku).toBe('DEL-1');
    expect((log.details as any).snapshot.variants.map((v: any) => v.variantSku)).toEqual([
      'DEL-1-A',
      'DEL-1-B',
    ]);
    expect((await c.delete(`/api/products/${created.id}`)).status).toBe(404);
  });

  it('deletes one variant', async () => {
    await c.post('/api/products', product('DELV-1'));
    const v = (
      await c.post('/api/product-variants', { ...variant('DELV-1-A'), parentSku: 'DELV-1' })
    ).body;
    expect((await c.delete(`/api/product-variants/${v.id}`)).status).toBe(200);
    expect((await c.delete(`/api/product-variants/${v.id}`)).status).toBe(404);
  });

  it('lists products newest first with variants, filtered by category and text, page by page', async () => {
    for (const sku of ['LIST-A', 'LIST-B', 'LIST-C'])
      await c.post(
        '/api/products',
        product(sku, { category: 'Cartridge', name: `Listed cartridge ${sku}` }),
      );
    await c.post('/api/product-variants', { ...variant('LIST-C-1'), parentSku: 'LIST-C' });

    const first = await c.get('/api/products?category=Cartridge&limit=2');
    expect(first.status).toBe(200);
    expect(first.body.map((p: any) => p.sku)).toEqual(['LIST-C', 'LIST-B']);
    expect(first.body[0].variantCount).toBe(1);
    expect(first.body[0].variants[0].variantSku).toBe('LIST-C-1');
    expect(first.body[1].variants).toEqual([]);
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toBeDefined();
    const second = await c.get(`/api/products?category=Cartridge&limit=2&cursor=${cursor}`);
    expect(second.body.map((p: any) => p.sku)).toEqual(['LIST-A']);
    expect(second.headers['x-next-cursor']).toBeUndefined();

    const text = await c.get('/api/products?q=list-b');
    expect(text.body.map((p: any) => p.sku)).toEqual(['LIST-B']);
    expect((await c.get('/api/products?category=Glassware')).status).toBe(400);
  });

  it('is closed to signed-out callers', async () => {
    const anonymous = t.client();
    expect((await anonymous.get('/api/products')).status).toBe(401);
    expect((await anonymous.post('/api/products', product('ANON-1'))).status).toBe(401);
    expect((await anonymous.post('/api/import/medsupply-direct')).status).toBe(401);
  });
});

describe('products.save (the form: product and variants together)', () => {
  it('creates a product with its variants', async () => {
    const res = await mutate(c, 'products.save', {
      ...product('SAVE-1'),
      variants: [
        variant('SAVE-1-10R-CLE'),
        variant('SAVE-1-20R-AMB', { size: '20R', color: 'Amber' }),
      ],
    });
    expect(res.status).toBe(200);
    expect(res.data.variantCount).toBe(2);
    expect(res.data.variants.map((v: any) => v.variantSku)).toEqual([
      'SAVE-1-10R-CLE',
      'SAVE-1-20R-AMB',
    ]);
  });

  it('updates, inserts and deletes variants by diff, and can swap two variant SKUs', async () => {
    const created = (
      await mutate(c, 'products.save', {
        ...product('SAVE-2'),
        variants: [variant('SAVE-2-A'), variant('SAVE-2-B'), variant('SAVE-2-C')],
      })
    ).data;
    const [a, b, cVariant] = created.variants;
    const res = await mutate(c, 'products.save', {
      id: created.id,
      ...product('SAVE-2', { name: 'Saved again' }),
      variants: [
        { ...variant('SAVE-2-B'), id: a.id },
        { ...variant('SAVE-2-A', { packageQty: 50 }), id: b.id },
        variant('SAVE-2-D'),
      ],
    });
    expect(res.status).toBe(200);
    expect(res.data.name).toBe('Saved again');
    const byId = new Map(res.data.variants.map((v: any) => [v.id, v]));
    expect((byId.get(a.id) as any).variantSku).toBe('SAVE-2-B');
    expect((byId.get(b.id) as any).variantSku).toBe('SAVE-2-A');
    expect((byId.get(b.id) as any).packageQty).toBe(50);
    expect(byId.has(cVariant.id)).toBe(false);
    expect(res.data.variants.map((v: any) => v.variantSku).sort()).toEqual([
      'SAVE-2-A',
      'SAVE-2-B',
      'SAVE-2-D',
    ]);
    const log = (await activity(created.id)).at(-1)!;
    const variants = (log.details as any).changes.find((c: any) => c.field === 'variants');
    expect(variants.from.map((v: any) => v.variantSku)).toContain('SAVE-2-C');
    expect(variants.to.map((v: any) => v.variantSku)).not.toContain('SAVE-2-C');
  });

  it('leaves the product exactly as it was when any part fails', async () => {
    await c.post('/api/products', product('TAKEN'));
    await c.post('/api/product-variants', { ...variant('TAKEN-V'), parentSku: 'TAKEN' });
    const created = (
      await mutate(c, 'products.save', {
        ...product('SAVE-3'),
        variants: [variant('SAVE-3-A'), variant('SAVE-3-B')],
      })
    ).data;
    const res = await mutate(c, 'products.save', {
      id: created.id,
      ...product('SAVE-3', { name: 'Half saved?' }),
      // Keeps A changed, drops B, adds one that clashes with another product's variant.
      variants: [
        { ...variant('SAVE-3-A', { size: '2R' }), id: created.variants[0].id },
        variant('TAKEN-V'),
      ],
    });
    expect(res.status).toBe(409);
    expect(res.message).toBe('Variant SKU TAKEN-V already exists');
    // The form puts it under the row that holds the SKU, from the code and path, not the prose.
    expect(res.error.data).toMatchObject({
      code: 'DUPLICATE',
      issues: [
        { path: ['variants', 1, 'variantSku'], message: 'Variant SKU TAKEN-V already exists' },
      ],
    });
    const after = (await c.get(`/api/products/${created.id}`)).body;
    expect(after.name).toBe('Product SAVE-3');
    expect(after.variants.map((v: any) => [v.variantSku, v.size])).toEqual([
      ['SAVE-3-A', '10R'],
      ['SAVE-3-B', '10R'],
    ]);
  });

  it("refuses another product's variant id, and a variant SKU twice in the form", async () => {
    const one = (
      await mutate(c, 'products.save', { ...product('SAVE-4'), variants: [variant('SAVE-4-A')] })
    ).data;
    const two = (await mutate(c, 'products.save', { ...product('SAVE-5'), variants: [] })).data;
    const stolen = await mutate(c, 'products.save', {
      id: two.id,
      ...product('SAVE-5'),
      variants: [{ ...variant('SAVE-4-A'), id: one.variants[0].id }],
    });
    expect(stolen.status).toBe(400);
    expect(stolen.message).toBe(`Variant ${one.variants[0].id} does not belong to product SAVE-5`);
    const twice = await mutate(c, 'products.save', {
      ...product('SAVE-6'),
      variants: [variant('SAVE-6-A'), variant('save-6-a')],
    });
    expect(twice.status).toBe(400);
    expect(twice.error.data).toMatchObject({
      code: 'INVALID',
      issues: [
        { path: ['variants', 1, 'variantSku'], message: 'Variant SKU save-6-a appears twice' },
      ],
    });
    const unknown = await mutate(c, 'products.save', {
      id: 999999,
      ...product('SAVE-7'),
      variants: [],
    });
    expect(unknown.status).toBe(404);
  });
});

describe('products.options (order form pickers)', () => {
  it('lists active products by name with their variants in the picker shape', async () => {
    await mutate(c, 'products.save', {
      ...product('OPT-Z', { name: 'zz Option last' }),
      variants: [variant('OPT-Z-1', { color: null })],
    });
    await mutate(c, 'products.save', {
      ...product('OPT-A', { name: 'AA Option first' }),
      variants: [],
    });
    await mutate(c, 'products.save', {
      ...product('OPT-OFF', { name: 'AA Option inactive', active: false }),
      variants: [],
    });
    const options: any[] = await query(c, 'products.options');
    const skus = options.map((o) => o.sku);
    expect(skus.indexOf('OPT-A')).toBeGreaterThanOrEqual(0);
    expect(skus.indexOf('OPT-A')).toBeLessThan(skus.indexOf('OPT-Z'));
    expect(skus).not.toContain('OPT-OFF');
    const z = options.find((o) => o.sku === 'OPT-Z');
    expect(Object.keys(z).sort()).toEqual([
      'category',
      'defaultPrice',
      'id',
      'name',
      'sku',
      'variants',
    ]);
    expect(z.variants).toEqual([
      {
        variantSku: 'OPT-Z-1',
        parentSku: 'OPT-Z',
        size: '10R',
        color: null,
        defaultPrice: '42.00',
      },
    ]);
  });
});
