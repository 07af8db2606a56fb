import type {
  ControlledSchedule,
  InvoiceStatus,
  LicenceKind,
  OrderStatus,
  PaymentMethod,
  PaymentTerms,
  ProductCategory,
  Role,
  ShippingMethod,
  LotStatus,
  RecallClass,
  RecallNoticeChannel,
  RecallNoticeStatus,
} from '@pharm/validators';
import type {
  ColumnType,
  Generated,
  GeneratedAlways,
  Insertable,
  JSONColumnType,
  Selectable,
  Updateable,
} from 'kysely';

/**
 * Column names are camelCase here and snake_case in SQL (CamelCasePlugin).
 * numeric columns come back as strings (both drivers), date columns as 'YYYY-MM-DD' strings
 * (type parsers set in createDb), timestamptz as an ISO 8601 string in UTC, exactly as
 * `Date#toISOString` writes it ('2026-03-14T10:00:00.123Z'): what JSON and the REST answers carry
 * anyway, and JSON.stringify writes a string about four times faster than a Date (bench/README.md).
 * Writes take a Date or a string.
 */
type Timestamp = ColumnType<string, Date | string | undefined, Date | string>;
type Money = ColumnType<string, string | undefined, string>;
/** `generated always as identity`: the database alone gives ids; an insert cannot name one. */
type Id = GeneratedAlways<number>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  passwordHash: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  /** A deactivated user cannot sign in; their sessions and tokens ended with the deactivation. */
  active: Generated<boolean>;
  lastSignInAt: ColumnType<string | null, Date | string | null | undefined, Date | string | null>;
  /** The user's entity id in the activity log (which keys records by integer). */
  number: Id;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A one-time link to sign up with a role (issue 26); only the token's SHA-256 is kept. */
export interface InvitationsTable {
  id: Id;
  email: string;
  role: Role;
  tokenHash: string;
  expiresAt: ColumnType<string, Date | string, Date | string>;
  acceptedAt: ColumnType<string | null, Date | string | null | undefined, Date | string | null>;
  revokedAt: ColumnType<string | null, Date | string | null | undefined, Date | string | null>;
  invitedBy: string | null;
  createdAt: Timestamp;
}

/** A named bearer token of a user (issue 26); only its SHA-256 is kept. */
export interface ApiTokensTable {
  id: Id;
  userId: string;
  name: string;
  role: Role;
  tokenHash: string;
  expiresAt: ColumnType<string | null, Date | string | null | undefined, Date | string | null>;
  lastUsedAt: ColumnType<string | null, Date | string | null | undefined, Date | string | null>;
  revokedAt: ColumnType<string | null, Date | string | null | undefined, Date | string | null>;
  createdAt: Timestamp;
}

export interface SessionTable {
  sid: string;
  userId: string;
  signedInAt: Timestamp;
  /** The idle expiry: moved forward by requests, at most once a minute. */
  expire: ColumnType<string, Date | string, Date | string>;
}

/** Failed sign-in tries per rate-limit key in a one-minute window, shared by every API process. */
export interface AuthFailuresTable {
  key: string;
  windowStart: ColumnType<string, Date | string, Date | string>;
  count: number;
}

export interface PharmaciesTable {
  id: Id;
  name: string;
  contactName: string | null;
  email: string;
  phone: string | null;
  shippingAddress: string | null;
  billingAddress: string | null;
  terms: PaymentTerms | null;
  notes: string | null;
  /** Σ balance of its non-Draft invoices: what it owes before its unapplied cash and credits. */
  balance: Money;
  /** Σ unapplied of its payments and credit notes (migration 0016), kept with every change. */
  unapplied: Money;
  /** Optional; a balance above it puts the pharmacy on credit hold. */
  creditLimit: string | null;
  /** US two-letter code; the licence gate reads it (migration 0014). */
  shippingState: string | null;
  /** Where invoices and statements are emailed; `email` when null (migration 0017). */
  billingEmail: Generated<string | null>;
  /** No dunning notices while set (migration 0020). */
  dunningPaused: Generated<boolean>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A pharmacy's licence or registration (migration 0014). */
export interface LicencesTable {
  id: Id;
  pharmacyId: number;
  kind: LicenceKind;
  number: string;
  state: string | null;
  schedules: ColumnType<
    ControlledSchedule[],
    ControlledSchedule[] | undefined,
    ControlledSchedule[]
  >;
  issuedOn: string | null;
  /** None: valid until one is set. */
  expiresOn: string | null;
  /** PDF, PNG or JPEG bytes (a Buffer on node-postgres, a Uint8Array on PGlite). */
  document: Uint8Array | null;
  documentType: string | null;
  documentName: string | null;
  verifiedBy: string | null;
  verifiedAt: ColumnType<string | null, Date | string | null | undefined, Date | string | null>;
  notes: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ProductsTable {
  id: Id;
  sku: string;
  name: string;
  category: ProductCategory;
  defaultPrice: Money;
  active: Generated<boolean>;
  controlledSchedule: ControlledSchedule | null;
  bulkSubstance: Generated<boolean>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ProductVariantsTable {
  id: Id;
  parentSku: string;
  variantSku: string;
  size: string | null;
  color: string | null;
  material: string | null;
  sterile: Generated<boolean>;
  packageQty: Generated<number>;
  defaultPrice: Money;
  notes: string | null;
  /** Its own schedule and bulk flag; none: the product's. */
  controlledSchedule: ControlledSchedule | null;
  bulkSubstance: Generated<boolean>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A pharmacy's own minimum shelf life (migration 0018); no row: the business's. */
export interface PharmacyShelfLifeTable {
  pharmacyId: number;
  minShelfLifeDays: number;
}

/** A variant's lot, or a product's when it has no variants (migration 0018). */
export interface LotsTable {
  id: Id;
  variantId: number | null;
  productId: number | null;
  lotNumber: string;
  expiryDate: string;
  manufacturedOn: string | null;
  supplier: string | null;
  status: Generated<LotStatus>;
  /** The certificate of analysis, PDF bytes (a Buffer on node-postgres, a Uint8Array on PGlite). */
  certificate: Uint8Array | null;
  certificateName: string | null;
  notes: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A recall of lots, numbered RCL-YYYY-NNNNN (migration 0021). */
export interface RecallsTable {
  id: Id;
  recallNumber: string;
  reason: string;
  class: RecallClass;
  initiatedOn: string;
  closedOn: string | null;
  closeReason: string | null;
  createdBy: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface RecallLotsTable {
  recallId: number;
  lotId: number;
}

/** One pharmacy's notice of a recall, moving forward only (migration 0021). */
export interface RecallNoticesTable {
  id: Id;
  recallId: number;
  pharmacyId: number;
  status: Generated<RecallNoticeStatus>;
  notifiedAt: Timestamp | null;
  notifiedBy: string | null;
  channel: RecallNoticeChannel | null;
  acknowledgedAt: Timestamp | null;
  acknowledgedBy: string | null;
  contact: string | null;
  quantityReturned: number | null;
  updatedAt: Timestamp;
  /** The email that carries its letter (migration 0024), while the outbox keeps it. */
  emailId: number | null;
}

/** An invoice line that carried a recalled lot, copied when the recall opened (migration 0021). */
export interface RecallLinesTable {
  id: Id;
  recallId: number;
  pharmacyId: number;
  invoiceId: number | null;
  invoiceNumber: string;
  invoiceDate: string;
  lineId: number | null;
  description: string;
  qty: number;
  lotId: number;
  lotNumber: string;
}

/** Each move of a notice, with who recorded it (migration 0021). */
export interface RecallNoticeEventsTable {
  id: Id;
  noticeId: number;
  status: RecallNoticeStatus;
  at: Timestamp;
  byName: string | null;
  channel: RecallNoticeChannel | null;
  contact: string | null;
  quantityReturned: number | null;
  userId: string | null;
  createdAt: Timestamp;
}

export interface OrdersTable {
  id: Id;
  orderNumber: string;
  pharmacyId: number;
  orderDate: string;
  shipMethod: ShippingMethod | null;
  notes: string | null;
  status: Generated<OrderStatus>;
  subtotal: Money;
  total: Money;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface OrderLineItemsTable {
  id: Id;
  orderId: number;
  position: number;
  productSku: string | null;
  variantSku: string | null;
  description: string;
  qty: number;
  unitPrice: string;
  lineTotal: string;
  /** The lot the line ships (migration 0018); null: none named. */
  lotId: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface InvoicesTable {
  id: Id;
  invoiceNumber: string;
  fromOrderId: number | null;
  pharmacyId: number;
  invoiceDate: string;
  dueDate: string;
  terms: PaymentTerms | null;
  notes: string | null;
  lotNumber: string | null;
  traySize: string | null;
  nestSize: string | null;
  caseSize: string | null;
  status: Generated<InvoiceStatus>;
  taxRate: Money;
  shipping: Money;
  amount: Money;
  subtotal: Money;
  taxAmount: Money;
  total: Money;
  balance: Money;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface InvoiceLineItemsTable {
  id: Id;
  invoiceId: number;
  position: number;
  description: string;
  qty: number;
  unitPrice: string;
  lineTotal: string;
  /** The lot the line ships (migration 0018); null: none named. */
  lotId: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface PaymentsTable {
  id: Id;
  paymentNumber: string;
  /** The invoice the spec's single-invoice shape named; null for a payment to the account. */
  invoiceId: number | null;
  pharmacyId: number;
  date: string;
  amount: string;
  method: PaymentMethod;
  reference: string | null;
  notes: string | null;
  /** amount − Σ active allocations − Σ refunds, kept with every change (migration 0016). */
  unapplied: Money;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /**
   * Set by a delete, which voids the payment's allocations and zeroes its unapplied rest
   * (migration 0026); no reader shows a deleted payment.
   */
  deletedAt: ColumnType<string | null, never, Date | string | null>;
  deletedBy: string | null;
}

/** Money from a payment or a credit note applied to an invoice; voided, never deleted. */
export interface AllocationsTable {
  id: Id;
  pharmacyId: number;
  paymentId: number | null;
  creditNoteId: number | null;
  invoiceId: number;
  amount: Money;
  createdAt: Timestamp;
  createdBy: string | null;
  voidedAt: ColumnType<string | null, never, Date | string | null>;
  voidedBy: string | null;
  voidReason: string | null;
  /**
   * The day from which it counts in what was owed on a past day, allocationCountsFrom's
   * (packages/db/src/allocation-day.ts), set with the row and moved with its source's or
   * invoice's date (migration 0027).
   */
  countsFrom: string;
  /** Its invoice's date, allocationInvoiceDate's, moved with it (migration 0030). */
  invoiceDate: string;
}

export interface CreditNotesTable {
  id: Id;
  creditNoteNumber: string;
  pharmacyId: number;
  invoiceId: number | null;
  date: string;
  reason: string;
  /** Before tax. */
  amount: Money;
  taxRate: Money;
  taxAmount: Money;
  total: Money;
  /** total − Σ active allocations − Σ refunds. */
  unapplied: Money;
  createdBy: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface CreditNoteLinesTable {
  id: Id;
  creditNoteId: number;
  invoiceLineId: number | null;
  position: number;
  description: string;
  qty: number;
  unitPrice: string;
  lineTotal: string;
}

export interface RefundsTable {
  id: Id;
  pharmacyId: number;
  paymentId: number | null;
  creditNoteId: number | null;
  amount: Money;
  date: string;
  method: PaymentMethod;
  reference: string | null;
  createdAt: Timestamp;
  createdBy: string | null;
}

/** An Idempotency-Key of payment creation: the request it first came with and what it recorded. */
export interface PaymentIdempotencyTable {
  key: string;
  /** sha256 (hex) of the validated request, so a reuse with another body is told apart. */
  requestHash: string;
  /** Null until the payment is inserted, and again if that payment is deleted later. */
  paymentId: number | null;
  createdAt: Timestamp;
}

/**
 * Per pharmacy: Σ total of its non-Draft invoices and how many invoices it has, kept by triggers
 * on invoices (migration 0005); a pharmacy without invoices may have no row.
 */
export interface PharmacySalesTable {
  pharmacyId: number;
  salesTotal: string;
  invoiceCount: number;
}

/** pharmacy_sales by calendar month (migration 0031): `month` is the month's first day. */
export interface PharmacyMonthlySalesTable {
  month: string;
  pharmacyId: number;
  salesTotal: string;
  invoiceCount: number;
}

export interface ActivityLogTable {
  id: Id;
  entityType: string;
  entityId: number;
  action: string;
  details: JSONColumnType<Record<string, unknown>>;
  userId: string | null;
  createdAt: Timestamp;
}

export interface DocumentCountersTable {
  kind: string;
  year: number;
  lastValue: number;
}

/** Settings the app generates once and keeps (the session-signing secret). */
export interface AppSettingsTable {
  key: string;
  value: string;
}

/** The business's settings: one row (migration 0006). */
export interface BusinessSettingsTable {
  id: Generated<boolean>;
  /** An open invoice more than this many days past due puts its pharmacy on credit hold. */
  holdDaysPastDue: Generated<number>;
  /** The licence gate (issue 29); off on a fresh database. */
  requireLicences: Generated<boolean>;
  licenceWarningDays: Generated<number>;
  /** Apply unapplied cash and credits oldest first when an invoice is issued (issue 27). */
  autoApplyOnIssue: Generated<boolean>;
  /** Dunning (migration 0020): off on a fresh database; notices are drafts unless auto-send. */
  dunningEnabled: Generated<boolean>;
  dunningAutoSend: Generated<boolean>;
  /** On the 1st, each pharmacy with an open balance is emailed its open items (migration 0020). */
  monthlyStatements: Generated<boolean>;
  /** A lot must have this many days left on the day it ships (migration 0018). */
  minShelfLifeDays: Generated<number>;
}

export type EmailStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'held';

/**
 * What an email carries, rendered when it is sent: an invoice's or an order's PDF, a
 * statement's for a period. `sha256` and `size` are those of the bytes that went out.
 */
export interface EmailAttachment {
  kind: 'invoice-pdf' | 'statement-pdf' | 'order-pdf' | 'credit-note-pdf' | 'recall-letter';
  /** The invoice, order, credit note or recall; a statement's pharmacy. */
  id: number;
  /** A recall letter's pharmacy. */
  pharmacyId?: number;
  /** A statement's period. */
  from?: string;
  to?: string;
  filename?: string;
  sha256?: string;
  size?: number;
}

/** The outbox and the sent log (migration 0017). */
export interface EmailsTable {
  id: Id;
  kind: string;
  entityType: string | null;
  entityId: number | null;
  pharmacyId: number | null;
  toAddresses: string[];
  ccAddresses: ColumnType<string[], string[] | undefined, string[]>;
  subject: string;
  bodyText: string;
  bodyHtml: string;
  attachments: ColumnType<EmailAttachment[], string | undefined, string>;
  idempotencyKey: string | null;
  status: EmailStatus;
  attempts: Generated<number>;
  nextAttemptAt: ColumnType<string, Date | string | undefined, Date | string>;
  claimedAt: ColumnType<string | null, Date | string | null | undefined, Date | string | null>;
  lastError: string | null;
  messageId: string | null;
  createdBy: string | null;
  createdAt: Timestamp;
  sentAt: ColumnType<string | null, Date | string | null | undefined, Date | string | null>;
}

/** An email's subject and bodies with `{placeholders}`, per kind (migration 0017). */
export interface EmailTemplatesTable {
  id: Id;
  kind: string;
  name: string;
  subject: string;
  bodyText: string;
  bodyHtml: string;
  updatedBy: string | null;
  updatedAt: Timestamp;
}

/** A dunning level (migration 0020): `days` after the due date, negative before it. */
export interface DunningLevelsTable {
  level: number;
  days: number;
  templateId: number;
  attachStatement: boolean;
  fee: string | null;
}

export type DunningNoticeStatus = 'draft' | 'queued' | 'skipped' | 'cancelled';

/** One overdue invoice as a notice listed it. */
export interface DunningNoticeItem {
  invoiceId: number;
  invoiceNumber: string;
  invoiceDate: string;
  dueDate: string;
  balance: string;
  daysOverdue: number;
  level: number;
}

export interface DunningNoticesTable {
  id: Id;
  pharmacyId: number;
  level: number;
  runDate: string;
  status: DunningNoticeStatus;
  items: ColumnType<DunningNoticeItem[], string, string>;
  total: string;
  fee: string | null;
  emailId: number | null;
  decidedBy: string | null;
  decidedAt: ColumnType<string | null, Date | string | null | undefined, Date | string | null>;
  createdAt: Timestamp;
}

/** (invoice, level) pairs a notice covered: at most one notice each. */
export interface DunningMarksTable {
  invoiceId: number;
  level: number;
  noticeId: number;
}

export interface DunningFeesTable {
  id: Id;
  pharmacyId: number;
  noticeId: number;
  date: string;
  amount: string;
  createdAt: Timestamp;
  /** Set together when the fee is waived (migration 0023). */
  waivedOn: string | null;
  waivedBy: string | null;
  waiveReason: string | null;
}

/** A daily job's run, one row per job and day, so one process runs it (migration 0020). */
export interface DailyJobRunsTable {
  job: string;
  runDate: string;
  createdAt: Timestamp;
}

export interface Database {
  appSettings: AppSettingsTable;
  businessSettings: BusinessSettingsTable;
  users: UsersTable;
  session: SessionTable;
  invitations: InvitationsTable;
  apiTokens: ApiTokensTable;
  authFailures: AuthFailuresTable;
  pharmacies: PharmaciesTable;
  licences: LicencesTable;
  lots: LotsTable;
  pharmacyShelfLife: PharmacyShelfLifeTable;
  recalls: RecallsTable;
  recallLots: RecallLotsTable;
  recallNotices: RecallNoticesTable;
  recallLines: RecallLinesTable;
  recallNoticeEvents: RecallNoticeEventsTable;
  products: ProductsTable;
  productVariants: ProductVariantsTable;
  orders: OrdersTable;
  orderLineItems: OrderLineItemsTable;
  invoices: InvoicesTable;
  invoiceLineItems: InvoiceLineItemsTable;
  payments: PaymentsTable;
  paymentIdempotency: PaymentIdempotencyTable;
  allocations: AllocationsTable;
  creditNotes: CreditNotesTable;
  creditNoteLines: CreditNoteLinesTable;
  refunds: RefundsTable;
  pharmacySales: PharmacySalesTable;
  pharmacyMonthlySales: PharmacyMonthlySalesTable;
  activityLog: ActivityLogTable;
  documentCounters: DocumentCountersTable;
  emails: EmailsTable;
  emailTemplates: EmailTemplatesTable;
  dunningLevels: DunningLevelsTable;
  dunningNotices: DunningNoticesTable;
  dunningMarks: DunningMarksTable;
  dunningFees: DunningFeesTable;
  dailyJobRuns: DailyJobRunsTable;
}

export type User = Selectable<UsersTable>;
export type Pharmacy = Selectable<PharmaciesTable>;
export type NewPharmacy = Insertable<PharmaciesTable>;
export type PharmacyUpdate = Updateable<PharmaciesTable>;
export type Licence = Selectable<LicencesTable>;
export type Lot = Selectable<LotsTable>;
export type Product = Selectable<ProductsTable>;
export type ProductVariant = Selectable<ProductVariantsTable>;
export type Order = Selectable<OrdersTable>;
export type OrderLineItem = Selectable<OrderLineItemsTable>;
export type Invoice = Selectable<InvoicesTable>;
export type InvoiceLineItem = Selectable<InvoiceLineItemsTable>;
export type Payment = Selectable<PaymentsTable>;
export type Allocation = Selectable<AllocationsTable>;
export type CreditNote = Selectable<CreditNotesTable>;
export type CreditNoteLine = Selectable<CreditNoteLinesTable>;
export type Refund = Selectable<RefundsTable>;
export type ActivityLogEntry = Selectable<ActivityLogTable>;
