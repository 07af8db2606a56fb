import { formatDate, formatUsd, sumCents, toCents } from '@pharm/validators';
import type { Statement, StatementLine } from './service.js';
import {
  billTo,
  boxes,
  closing,
  parties,
  table,
  totals,
  type Addressee,
  type Column,
} from '../../lib/pdf/blocks.js';
import { renderDocument, type PdfOptions } from '../../lib/pdf/document.js';
import { SUPPLIER } from '../../lib/pdf/theme.js';
import { definePdf } from '../../lib/workers/jobs.js';

/** A printed row: the statement's lines after one for the opening balance. */
interface Row {
  date: string;
  type: StatementLine['type'] | 'opening';
  reference: string;
  amount: string;
  balance: string;
}

const TYPE_LABELS = {
  opening: '',
  invoice: 'Invoice',
  payment: 'Payment',
  credit_note: 'Credit note',
  refund: 'Refund',
  dunning_fee: 'Late fee',
  fee_waiver: 'Fee waived',
};

/** What adds to the balance: invoices, refunds of unapplied cash or credit, and late fees. */
const CHARGES = new Set<Row['type']>(['invoice', 'refund', 'dunning_fee']);
const CREDITS = new Set<Row['type']>(['payment', 'credit_note', 'fee_waiver']);

/**
 * Invoices and refunds add to what is owed, payments and credit notes take from it, each in
 * its own column.
 */
const LINE_COLUMNS: Column<Row>[] = [
  { label: 'Date', width: 80, value: (r) => formatDate(r.date) },
  { label: 'Type', width: 60, value: (r) => TYPE_LABELS[r.type] },
  { label: 'Reference', value: (r) => r.reference },
  {
    label: 'Charges',
    width: 90,
    align: 'right',
    value: (r) => (CHARGES.has(r.type) ? formatUsd(r.amount) : ''),
  },
  {
    label: 'Payments',
    width: 90,
    align: 'right',
    value: (r) => (CREDITS.has(r.type) ? formatUsd(r.amount) : ''),
  },
  { label: 'Balance', width: 90, align: 'right', value: (r) => formatUsd(r.balance) },
];

const sumOf = (lines: readonly StatementLine[], type: StatementLine['type']) =>
  sumCents(lines.filter((line) => line.type === type).map((line) => toCents(line.amount)));

/** 'statement-riverside-compounding-pharmacy-2026-02-28.pdf': ASCII only, for the header. */
export function statementFilename(statement: Pick<Statement, 'pharmacy' | 'to'>): string {
  const slug = statement.pharmacy.name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return `statement-${slug || statement.pharmacy.id}-${statement.to}.pdf`;
}

/**
 * The statement as a US Letter document: supplier header with the period and balances, bill-to,
 * the lines (the header row repeats on every page), opening and closing balance, the aging of
 * what is owed at the end of the period, and whom to ask.
 */
export function renderStatementPdf(
  statement: Statement,
  pharmacy: Addressee,
  options: PdfOptions = {},
): Promise<Buffer> {
  const period = `${formatDate(statement.from)} to ${formatDate(statement.to)}`;
  const { aging } = statement;
  return renderDocument(
    {
      title: 'STATEMENT',
      reference: `Statement ${statement.from} to ${statement.to}`,
      party: statement.pharmacy.name,
      facts: [
        { label: 'From', value: formatDate(statement.from) },
        { label: 'To', value: formatDate(statement.to) },
        { label: 'Opening', value: formatUsd(statement.openingBalance) },
        { label: 'Amount due', value: formatUsd(statement.closingBalance) },
      ],
      body: [
        parties(billTo(pharmacy)),
        table({
          title: 'Account Activity',
          caption: period,
          columns: LINE_COLUMNS,
          rows: [
            {
              date: statement.from,
              type: 'opening',
              reference: 'Opening balance',
              amount: statement.openingBalance,
              balance: statement.openingBalance,
            },
            ...statement.lines.map((line) => ({ ...line, reference: line.number })),
          ],
        }),
        totals([
          { label: 'Opening balance', value: formatUsd(statement.openingBalance) },
          { label: 'Invoices', value: formatUsd(sumOf(statement.lines, 'invoice')) },
          { label: 'Payments', value: formatUsd(-sumOf(statement.lines, 'payment')) },
          ...(statement.lines.some((l) => l.type === 'credit_note')
            ? [{ label: 'Credit notes', value: formatUsd(-sumOf(statement.lines, 'credit_note')) }]
            : []),
          ...(statement.lines.some((l) => l.type === 'refund')
            ? [{ label: 'Refunds', value: formatUsd(sumOf(statement.lines, 'refund')) }]
            : []),
          ...(statement.lines.some((l) => l.type === 'dunning_fee')
            ? [{ label: 'Late fees', value: formatUsd(sumOf(statement.lines, 'dunning_fee')) }]
            : []),
          ...(statement.lines.some((l) => l.type === 'fee_waiver')
            ? [{ label: 'Fees waived', value: formatUsd(-sumOf(statement.lines, 'fee_waiver')) }]
            : []),
          { label: 'Closing balance', value: formatUsd(statement.closingBalance), strong: true },
        ]),
        boxes(
          [
            { label: 'Current', value: formatUsd(aging.current) },
            { label: '31-60 days', value: formatUsd(aging.days31to60), color: 'yellow' },
            { label: '61-90 days', value: formatUsd(aging.days61to90), color: 'orange' },
            { label: 'Over 90 days', value: formatUsd(aging.over90), color: 'red' },
            ...(statement.fees
              ? [{ label: 'Late fees owed', value: formatUsd(statement.fees), color: 'red' }]
              : []),
            ...(toCents(statement.unapplied) > 0
              ? [{ label: 'Paid ahead (unapplied)', value: formatUsd(`-${statement.unapplied}`) }]
              : []),
          ],
          { title: `AGING ON ${formatDate(statement.to).toUpperCase()} (DAYS PAST DUE)` },
        ),
        closing(
          `All amounts in US dollars. Please pay invoices by their due dates, quoting the invoice number. Questions about this statement: ${SUPPLIER.accountsEmail} or ${SUPPLIER.phone}.`,
        ),
      ],
    },
    options,
  );
}

/** The statement's PDF, rendered on a worker thread. */
export const statementPdf = definePdf(
  'statements.pdf',
  (job: { statement: Statement; billTo: Addressee }) =>
    renderStatementPdf(job.statement, job.billTo),
);
