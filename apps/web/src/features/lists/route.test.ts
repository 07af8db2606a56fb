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
