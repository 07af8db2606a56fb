import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as validators from './index.js';
import {
  activityPageOutput,
  backupsListOutput,
  invoiceOutput,
  orderOutput,
  orderPageOutput,
  paymentOutput,
  pharmacyPageOutput,
  productOutput,
  userOutput,
} from './index.js';

const createdAt = '2026-11-21T09:30:00.123Z';
const updatedAt = '2026-11-22T16:05:42.000Z';

const pharmacy = {
  id: 7,
  name: 'Harbor Compounding',
  contactName: null,
  email: 'orders@harbor.example',
  phone: '555-0100',
  shippingAddress: '1 Dock St',
  billingAddress: null,
  terms: 'Net 30',
  notes: null,
  creditLimit: '5000.00',
  shippingState: 'IL',
  billingEmail: 'ap@harbor.example',
  dunningPaused: false,
  balance: '1250.40',
  unapplied: '0.00',
  creditHold: { reason: '1 invoice more than 60 days past due' },
  createdAt,
  updatedAt,
};

const orderLine = {
  id: 31,
  orderId: 12,
  position: 0,
  productSku: 'VL-10R',
  variantSku: null,
  description: 'Vial 10R clear',
  qty: 200,
  unitPrice: '1.25',
  lineTotal: '250.00',
  lotId: 3,
  lot: { id: 3, lotNumber: 'VL10-2611-A', expiryDate: '2028-05-31' },
};

const order = {
  id: 12,
  orderNumber: 'ORD-2026-00012',
  pharmacyId: 7,
  orderDate: '2026-11-21',
  status: 'Sent',
  shipMethod: null,
  notes: null,
  subtotal: '250.00',
  total: '250.00',
  createdAt,
  updatedAt,
  lineItems: [orderLine],
  itemCount: 1,
  invoice: { id: 4, invoiceNumber: 'INV-2026-00004' },
  pharmacy: {
    name: 'Harbor Compounding',
    contactName: null,
    email: 'orders@harbor.example',
    phone: null,
    shippingAddress: '1 Dock St',
    billingAddress: null,
  },
};

const invoice = {
  id: 4,
  invoiceNumber: 'INV-2026-00004',
  pharmacyId: 7,
  fromOrderId: 12,
  fromOrderNumber: 'ORD-2026-00012',
  invoiceDate: '2026-11-22',
  dueDate: '2026-12-22',
  terms: null,
  notes: null,
  lotNumber: 'LOT-A1',
  traySize: null,
  nestSize: null,
  caseSize: '100',
  status: 'Partially Paid',
  taxRate: '0.0875',
  amount: '250.00',
  subtotal: '250.00',
  taxAmount: '21.88',
  shipping: '0.00',
  total: '271.88',
  amountPaid: '100.00',
  balance: '171.88',
  createdAt,
  updatedAt,
  lineItems: [
    {
      id: 9,
      invoiceId: 4,
      position: 0,
      description: 'Vial 10R clear',
      qty: 200,
      unitPrice: '1.25',
      lineTotal: '250.00',
      lotId: null,
      lot: null,
    },
  ],
  pharmacy: order.pharmacy,
};

const product = {
  id: 3,
  sku: 'VL-10R',
  name: 'Vial 10R',
  category: 'Vial',
  defaultPrice: '1.25',
  active: true,
  controlledSchedule: 'II',
  bulkSubstance: true,
  variantCount: 1,
  createdAt,
  updatedAt,
  variants: [
    {
      id: 5,
      parentSku: 'VL-10R',
      variantSku: 'VL-10R-CLE',
      size: '10R',
      color: 'Clear',
      material: null,
      sterile: false,
      packageQty: 100,
      defaultPrice: '1.25',
      notes: null,
      createdAt,
      updatedAt,
      controlledSchedule: null,
      bulkSubstance: false,
    },
  ],
};

const payment = {
  id: 2,
  paymentNumber: 'PAY-2026-00002',
  invoiceId: 4,
  pharmacyId: 7,
  date: '2026-11-23',
  amount: '100.00',
  method: 'Check',
  reference: '#1042',
  notes: null,
  createdAt,
  updatedAt,
  invoice: {
    invoiceNumber: 'INV-2026-00004',
    status: 'Partially Paid',
    total: '271.88',
    balance: '171.88',
  },
  pharmacy: { name: 'Harbor Compounding' },
  unapplied: '0.00',
  allocations: [
    {
      id: 9,
      pharmacyId: 7,
      paymentId: 2,
      creditNoteId: null,
      sourceNumber: 'PAY-2026-00002',
      invoiceId: 4,
      invoiceNumber: 'INV-2026-00004',
      amount: '100.00',
      createdAt,
      voidedAt: null,
      voidReason: null,
    },
  ],
  refunds: [],
};

describe('output schemas', () => {
  it('keep every field of what the services answer', () => {
    const samples: [z.ZodType, unknown][] = [
      [pharmacyPageOutput, { items: [pharmacy], nextCursor: 7 }],
      [orderOutput, order],
      [invoiceOutput, invoice],
      [productOutput, product],
      [paymentOutput, payment],
      [
        activityPageOutput,
        {
          items: [
            {
              id: 40,
              entityType: 'order',
              entityId: 12,
              action: 'update',
              label: 'ORD-2026-00012',
              recordExists: true,
              user: null,
              createdAt,
              changes: [{ field: 'lineItems', from: [{ qty: 1 }], to: null }],
              note: 'Credit hold overridden: Cheque promised by phone',
            },
          ],
          nextCursor: null,
        },
      ],
      [backupsListOutput, { keptByServer: false }],
      [
        backupsListOutput,
        {
          keptByServer: true,
          folder: '/var/lib/pharmsupply/backups',
          keep: 14,
          backups: [{ name: 'b.backup', kind: 'manual', size: 20_480, createdAt }],
        },
      ],
    ];
    for (const [schema, sample] of samples) expect(schema.parse(sample)).toEqual(sample);
  });

  it('leave out what they do not declare, such as a password hash', () => {
    const user = { id: '0b6c3a9e-3f0e-4a53-9d3a-6f1f2b9d8c71', email: 'a@b.example' };
    const answer = { ...user, firstName: null, lastName: 'Ng', role: 'sales' as const, createdAt };
    expect(userOutput.parse({ ...answer, passwordHash: '$argon2id$…' })).toEqual(answer);
  });

  it('refuse money as a JSON number and a list row missing a field', () => {
    expect(orderOutput.safeParse({ ...order, total: 250 }).success).toBe(false);
    const { balance: _balance, ...withoutBalance } = pharmacy;
    expect(
      pharmacyPageOutput.safeParse({ items: [withoutBalance], nextCursor: null }).success,
    ).toBe(false);
  });
});

describe('output schemas as JSON Schema', () => {
  const outputs = Object.entries(validators as Record<string, unknown>).filter(
    (entry): entry is [string, z.ZodType] =>
      entry[0].endsWith('Output') && entry[1] instanceof z.ZodType,
  );

  it('every one converts, as the OpenAPI document will read it', () => {
    expect(outputs.length).toBeGreaterThan(30);
    for (const [name, schema] of outputs)
      expect(() => z.toJSONSchema(schema, { io: 'output' }), name).not.toThrow();
  });

  it('say money is a 2-decimal string, timestamps date-time and dates date', () => {
    const schema = z.toJSONSchema(orderPageOutput, { io: 'output' });
    const row = (schema.properties?.items as { items: z.core.JSONSchema.JSONSchema }).items;
    expect(row.properties?.total).toEqual({
      type: 'string',
      pattern: '^-?\\d+\\.\\d{2}$',
      examples: ['118.75'],
    });
    expect(row.properties?.createdAt).toEqual({ type: 'string', format: 'date-time' });
    expect(row.properties?.orderDate).toEqual({ type: 'string', format: 'date' });
    expect(row.properties?.id).toEqual({ type: 'integer', minimum: 1 });
    expect(row.properties?.itemCount).toEqual({ type: 'integer' });
    expect(row.properties?.shipMethod).toEqual({
      anyOf: [
        { type: 'string', enum: ['Ground Shipping', 'Express Shipping', 'Overnight'] },
        { type: 'null' },
      ],
    });
    expect(row.required).toContain('invoice');
  });
});
