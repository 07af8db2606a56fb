// Plain constants, no zod: the invoice, pharmacy and settings screens and the outbox read them on
// their first load.

/** Issue 28: what the outbox sends. Dunning notices and credit notes add kinds of their own. */
export const EMAIL_KINDS = [
  'invoice',
  'order',
  'statement',
  'invitation',
  'dunning',
  'monthly_statement',
  'credit_note',
  'recall_notice',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  invoice: 'Invoice',
  order: 'Order',
  statement: 'Statement',
  invitation: 'Invitation',
  dunning: 'Payment reminder',
  monthly_statement: 'Monthly statement',
  credit_note: 'Credit note',
  recall_notice: 'Recall notice',
};

export const EMAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'held'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  held: 'Held',
};

/** The placeholders a template may use, per kind, with what each stands for. */
export const EMAIL_PLACEHOLDERS: Record<string, Record<string, string>> = {
  invoice: {
    pharmacy: "The pharmacy's name",
    invoiceNumber: 'The invoice number',
    total: "The invoice's total",
    balance: 'What is still owed on the invoice',
    dueDate: 'The due date',
    daysOverdue: 'Days past the due date (0 when not overdue)',
    message: 'The note typed in the Email dialog',
    company: 'Your company name',
  },
  order: {
    pharmacy: "The pharmacy's name",
    orderNumber: 'The order number',
    orderDate: 'The order date',
    total: "The order's total",
    message: 'The note typed in the Email dialog',
    company: 'Your company name',
  },
  statement: {
    pharmacy: "The pharmacy's name",
    from: "The period's first day",
    to: "The period's last day",
    balance: "The pharmacy's balance",
    message: 'The note typed in the Email dialog',
    company: 'Your company name',
  },
  credit_note: {
    pharmacy: "The pharmacy's name",
    creditNoteNumber: 'The credit note number',
    invoiceNumber: 'The invoice it credits (empty when it credits none)',
    total: "The credit note's total",
    date: "The credit note's date",
    reason: 'Why it was issued',
    message: 'The note typed in the Email dialog',
    company: 'Your company name',
  },
  dunning: {
    pharmacy: "The pharmacy's name",
    invoices: 'The overdue invoices, one a line: number, due date, balance, days overdue',
    balance: 'What is owed on them',
    daysOverdue: 'Days past due of the oldest',
    dueDate: 'The earliest due date',
    fee: "The level's fee, as a sentence (empty without a fee)",
    company: 'Your company name',
  },
  monthly_statement: {
    pharmacy: "The pharmacy's name",
    date: 'The day the statement is made (the 1st)',
    invoices: 'The open invoices, one a line (paid ones are never listed)',
    balance: 'What is owed on them',
    aging: 'What is owed by days past due: current, 31–60, 61–90, over 90',
    company: 'Your company name',
  },
  recall_notice: {
    pharmacy: "The pharmacy's name",
    recallNumber: 'The recall number (RCL-…)',
    recallClass: 'The recall class: I, II or III',
    reason: 'Why the lots are recalled',
    lots: 'The lot numbers recalled',
    lines: "The pharmacy's invoice lines that carried them, one a line",
    company: 'Your company name',
  },
  invitation: {
    inviter: 'Who invited them',
    role: 'The role they will have',
    link: 'The one-time sign-up link',
    expiresAt: 'When the link stops working',
    company: 'Your company name',
  },
};
