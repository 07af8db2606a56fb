import { describe, expect, it } from 'vitest';
import { listSearch } from './route';

const TABS = [
  { value: 'all', label: 'All' },
  { value: 'partially_paid', label: 'Partially Paid' },
] as const;
const search = listSearch(TABS);

describe('listSearch', () => {
  it('keeps the filter trimmed, at most 100 characters, and leaves out an empty one', () => {
    expect(search({ q: '  ord-12 ' })).toEqual({ q: 'ord-12' });
    expect(search({ q: 'x'.repeat(150) })).toEqual({ q: 'x'.repeat(100) });
    expect(search({ q: '   ' })).toEqual({});
    expect(search({ q: 12 })).toEqual({});
  });

  it("takes a tab of the list in any case, and no param for 'all' or an unknown tab", () => {
    expect(search({ tab: 'Partially_Paid' })).toEqual({ tab: 'partially_paid' });
    expect(search({ tab: 'all' })).toEqual({});
    expect(search({ tab: 'cancelled' })).toEqual({});
    expect(listSearch()({ tab: 'partially_paid' })).toEqual({});
  });

  it('drops any other param and never throws', () => {
    expect(search({ q: 'a', tab: 'PARTIALLY_PAID', page: '2', record: 5 })).toEqual({
      q: 'a',
      tab: 'partially_paid',
    });
    expect(search({ q: null, tab: ['x'] })).toEqual({});
  });
});

describe('listSearch with sorts, dates and a pharmacy', () => {
  const invoices = listSearch(TABS, {
    sorts: ['number', 'total'],
    dates: {
      label: 'Period',
      fields: [
        { value: 'invoice', label: 'Invoice date' },
        { value: 'due', label: 'Due date' },
      ],
    },
    pharmacy: true,
  });

  it('keeps a sort it offers, ascending unless desc, and drops any other', () => {
    expect(invoices({ sort: 'total', order: 'desc' })).toEqual({ sort: 'total', order: 'desc' });
    expect(invoices({ sort: 'total' })).toEqual({ sort: 'total', order: 'asc' });
    expect(invoices({ sort: 'balance', order: 'desc' })).toEqual({});
    expect(invoices({ order: 'desc' })).toEqual({});
  });

  it('keeps real dates, drops a range whose from is after its to, and the default date field', () => {
    expect(invoices({ from: '2026-10-01', to: '2026-10-31' })).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(invoices({ from: '2026-02-30' })).toEqual({});
    expect(invoices({ to: '2026-10-31' })).toEqual({ to: '2026-10-31' });
    expect(invoices({ from: '2026-11-01', to: '2026-10-31' })).toEqual({});
    expect(invoices({ dateField: 'due' })).toEqual({ dateField: 'due' });
    expect(invoices({ dateField: 'invoice' })).toEqual({});
    expect(invoices({ dateField: 'paid' })).toEqual({});
  });

  it('keeps a positive pharmacy id, from a number or its digits', () => {
    expect(invoices({ pharmacyId: 7 })).toEqual({ pharmacyId: 7 });
    expect(invoices({ pharmacyId: '12' })).toEqual({ pharmacyId: 12 });
    expect(invoices({ pharmacyId: '0' })).toEqual({});
    expect(invoices({ pharmacyId: 'x' })).toEqual({});
  });

  it('leaves out what a list does not offer', () => {
    expect(search({ sort: 'total', from: '2026-10-01', pharmacyId: 3 })).toEqual({});
  });
});
