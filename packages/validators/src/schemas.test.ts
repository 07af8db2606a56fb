import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  addDaysIso,
  autoVariantSku,
  flattenIssues,
  formatDate,
  invoiceSchema,
  invoiceUpdateSchema,
  loginSchema,
  orderSchema,
  orderUpdateSchema,
  paymentSchema,
  pharmacySchema,
  productSchema,
  productUpdateSchema,
  productWithVariantsSchema,
  registerSchema,
  searchSchema,
  variantSchema,
} from './index.js';

/** The messages a schema gives for an input, by field path. */
function messages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    flattenIssues(result.error.issues).map((i) => [i.path.join('.'), i.message]),
  );
}

const line = { description: 'Vial 10R clear', qty: 2, unitPrice: '1.25', lineTotal: '2.50' };
const order = { pharmacyId: 1, orderDate: '2026-11-21', lineItems: [line] };
const invoice = {
  pharmacyId: 1,
  invoiceDate: '2026-11-21',
  dueDate: '2026-12-21',
  taxRate: '0.0875',
  shipping: '0.00',
  amount: '100.00',
};

describe('login and register', () => {
  it("uses the spec's messages", () => {
    expect(messages(loginSchema, { email: 'x', password: '12345' })).toEqual({
      email: 'Please enter a valid email',
      password: 'Password must be at least 6 characters',
    });
    expect(messages(registerSchema, { email: 'a@b.co', password: 'x'.repeat(129) })).toEqual({
      password: 'Password must be at most 128 characters',
    });
    expect(registerSchema.parse({ email: ' a@b.co ', password: 'secret', firstName: '' })).toEqual({
      email: 'a@b.co',
      password: 'secret',
      firstName: null,
      lastName: null,
    });
  });
});

describe('order form', () => {
  it("uses the spec's messages", () => {
    expect(messages(orderSchema, { pharmacyId: 0, orderDate: '', lineItems: [] })).toEqual({
      pharmacyId: 'Pharmacy is required',
      orderDate: 'Order date is required',
      lineItems: 'At least one line item is required',
    });
    expect(
      messages(orderSchema, {
        ...order,
        lineItems: [{ description: '', qty: 0, unitPrice: '', lineTotal: '' }],
      }),
    ).toEqual({
      'lineItems.0.description': 'Description is required',
      'lineItems.0.qty': 'Quantity must be at least 1',
      'lineItems.0.unitPrice': 'Unit price is required',
      'lineItems.0.lineTotal': 'Line total is required',
    });
  });

  it('refuses impossible dates, negative and over-precise prices', () => {
    expect(messages(orderSchema, { ...order, orderDate: '2026-02-30' })).toEqual({
      orderDate: 'Order date must be a valid date (YYYY-MM-DD)',
    });
    expect(messages(orderSchema, { ...order, lineItems: [{ ...line, unitPrice: '-1' }] })).toEqual({
      'lineItems.0.unitPrice': 'Unit price must be non-negative',
    });
    expect(
      messages(orderSchema, { ...order, lineItems: [{ ...line, unitPrice: '1.005' }] }),
    ).toEqual({
      'lineItems.0.unitPrice': 'Must be a number with at most 2 decimal places',
    });
    expect(
      messages(orderSchema, { ...order, lineItems: [{ ...line, unitPrice: '123456789' }] }),
    ).toEqual({
      'lineItems.0.unitPrice': 'Must be less than 100000000',
    });
  });

  it('normalises prices to 2-decimal strings and accepts JSON numbers', () => {
    const parsed = orderSchema.parse({ ...order, lineItems: [{ ...line, unitPrice: 12.5 }] });
    expect(parsed.lineItems[0]!.unitPrice).toBe('12.50');
    expect(parsed.shipMethod).toBeNull();
  });

  it('accepts either a status alone or the full order on update, and names the right fields', () => {
    expect(orderUpdateSchema.parse({ status: 'Sent' })).toEqual({ status: 'Sent' });
    expect(messages(orderUpdateSchema, { status: 'Shipped' })).toEqual({
      status: 'Status must be one of Draft, Sent, Fulfilled, Cancelled',
    });
    expect(messages(orderUpdateSchema, { ...order, pharmacyId: 0 })).toEqual({
      pharmacyId: 'Pharmacy is required',
    });
  });
});

describe('invoice form', () => {
  it("uses the spec's messages", () => {
    expect(
      messages(invoiceSchema, {
        pharmacyId: 0,
        invoiceDate: '',
        dueDate: '',
        taxRate: '1.5',
        shipping: '-1',
        amount: '-0.01',
      }),
    ).toEqual({
      pharmacyId: 'Pharmacy is required',
      invoiceDate: 'Invoice date is required',
      dueDate: 'Due date is required',
      taxRate: 'Tax rate must be between 0 and 100%',
      shipping: 'Shipping must be non-negative',
      amount: 'Amount must be non-negative',
    });
    expect(messages(invoiceSchema, { ...invoice, taxRate: '0.08755' })).toEqual({
      taxRate: 'Tax rate must be between 0 and 100%',
    });
    expect(invoiceSchema.parse({ ...invoice, taxRate: 0.1 }).taxRate).toBe('0.1000');
    expect(invoiceUpdateSchema.parse({ status: 'Paid' })).toEqual({ status: 'Paid' });
  });
});

describe('payment form', () => {
  it("uses the spec's messages", () => {
    expect(
      messages(paymentSchema, {
        invoiceId: 0,
        pharmacyId: 0,
        date: '',
        amount: '0',
        method: 'Bitcoin',
      }),
    ).toEqual({
      invoiceId: 'Invoice is required',
      pharmacyId: 'Pharmacy is required',
      date: 'Date is required',
      amount: 'Amount must be greater than 0',
      method: 'Payment method is required',
    });
    expect(
      paymentSchema.parse({
        invoiceId: 1,
        pharmacyId: 1,
        date: '2026-11-21',
        amount: '0.01',
        method: 'ACH',
      }).amount,
    ).toBe('0.01');
  });
});

describe('pharmacy form', () => {
  it('requires name and email, everything else optional', () => {
    expect(messages(pharmacySchema, {})).toEqual({
      name: 'Name is required',
      email: 'Email is required',
    });
    expect(messages(pharmacySchema, { name: 'A', email: 'nope' })).toEqual({
      email: 'Please enter a valid email',
    });
    expect(
      pharmacySchema.parse({ name: ' A ', email: 'a@b.co', terms: '', phone: '' }),
    ).toMatchObject({ name: 'A', terms: null, phone: null });
  });
});

describe('product form', () => {
  it("uses the spec's messages", () => {
    expect(
      messages(productSchema, { sku: '', name: '', category: 'Gadget', defaultPrice: '-1' }),
    ).toEqual({
      sku: 'SKU is required',
      name: 'Product name is required',
      category: 'Category is required',
      defaultPrice: 'Default price must be non-negative',
    });
    expect(
      messages(variantSchema, {
        variantSku: '',
        parentSku: 'VL',
        packageQty: 0,
        defaultPrice: '-2',
      }),
    ).toEqual({
      variantSku: 'Variant SKU is required',
      packageQty: 'Package quantity must be at least 1',
      defaultPrice: 'Price must be non-negative',
    });
  });

  it('refuses the same variant SKU twice in one product', () => {
    const variant = { variantSku: 'VL-10R-CLR', packageQty: 100, defaultPrice: '1.00' };
    expect(
      messages(productWithVariantsSchema, {
        sku: 'VL',
        name: 'Vial',
        category: 'Vial',
        defaultPrice: '1',
        variants: [variant, { ...variant, variantSku: 'vl-10r-clr' }],
      }),
    ).toEqual({
      'variants.1.variantSku': 'Variant SKU vl-10r-clr appears twice',
    });
  });

  it('builds Auto variant SKUs from SKU, size and colour', () => {
    expect(autoVariantSku('VL-100', '10 mL', 'Amber')).toBe('VL-100-10ML-AMB');
    expect(autoVariantSku('VL-100', '2R', null)).toBe('VL-100-2R');
    expect(autoVariantSku('STP', '', 'grey')).toBe('STP-GRE');
  });
});

describe('search and dates', () => {
  it('needs 2 characters to search', () => {
    expect(messages(searchSchema, { q: 'a' })).toEqual({
      q: 'Search text must be at least 2 characters',
    });
    expect(searchSchema.parse({ q: ' vi ' })).toEqual({ q: 'vi' });
  });

  it("shows dates as 'Nov 21, 2026' and adds days across months", () => {
    expect(formatDate('2026-11-21')).toBe('Nov 21, 2026');
    expect(addDaysIso('2026-11-21', 30)).toBe('2026-12-21');
    expect(addDaysIso('2026-12-15', 30)).toBe('2027-01-14');
  });
});

describe('full record or only a status', () => {
  it('gives a full record with a mistake its field message, not "unrecognized keys"', () => {
    expect(
      messages(orderUpdateSchema, { orderDate: '2026-11-21', lineItems: [line], status: 'Sent' }),
    ).toEqual({ pharmacyId: 'Pharmacy is required' });
    expect(messages(invoiceUpdateSchema, { ...invoice, dueDate: '' })).toEqual({
      dueDate: 'Due date is required',
    });
    expect(
      messages(productUpdateSchema, {
        sku: 'VL',
        category: 'Vial',
        defaultPrice: '1.00',
        active: false,
      }),
    ).toEqual({ name: 'Product name is required' });
    expect(productUpdateSchema.parse({ active: false })).toEqual({ active: false });
    expect(messages(invoiceUpdateSchema, {})).toMatchObject({ pharmacyId: 'Pharmacy is required' });
  });
});

describe('optional selects', () => {
  it("treat '' as none and name the allowed values otherwise", () => {
    expect(pharmacySchema.parse({ name: 'A', email: 'a@b.co', terms: '' }).terms).toBeNull();
    expect(messages(pharmacySchema, { name: 'A', email: 'a@b.co', terms: 'Net 45' })).toEqual({
      terms: 'Terms must be one of Net 15, Net 30, Net 60, Due on Receipt, COD',
    });
    expect(orderSchema.parse({ ...order, shipMethod: '' }).shipMethod).toBeNull();
    expect(messages(orderSchema, { ...order, shipMethod: 'Pigeon' })).toEqual({
      shipMethod: 'Shipping method must be one of Ground Shipping, Express Shipping, Overnight',
    });
  });
});
