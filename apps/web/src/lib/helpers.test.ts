import { describe, expect, it } from 'vitest';
import { parseId } from './params';
import { truncate } from './text';
import { isNavActive, MENU_ITEMS, NAV_ITEMS } from '../features/shell/nav';
import { fullName, userInitial } from '../features/shell/user';
import { termsLabel } from '../features/pharmacies/format';

describe('truncate', () => {
  it('cuts at the limit and adds ...', () => {
    const address = 'x'.repeat(51);
    expect(truncate(address, 50)).toBe(`${'x'.repeat(50)}...`);
    expect(truncate('x'.repeat(50), 50)).toBe('x'.repeat(50));
  });
});

describe('parseId', () => {
  it('accepts positive integer ids only', () => {
    expect(parseId('12')).toBe(12);
    for (const bad of ['0', '-1', '1.5', 'abc', '01', '', '2147483648', '1e3']) {
      expect(parseId(bad)).toBeNull();
    }
  });
});

describe('side menu', () => {
  const item = (to: string) => NAV_ITEMS.find((nav) => nav.to === to)!;
  it('matches Dashboard exactly and the others by prefix', () => {
    expect(isNavActive(item('/'), '/')).toBe(true);
    expect(isNavActive(item('/'), '/orders')).toBe(false);
    expect(isNavActive(item('/orders'), '/orders/12/edit')).toBe(true);
    expect(isNavActive(item('/orders'), '/ordersx')).toBe(false);
  });
  it('has one Recall item, current on the lot search and on the recalls', () => {
    expect(MENU_ITEMS.filter((nav) => nav.label.startsWith('Recall')).map((nav) => nav.to)).toEqual(
      ['/recall'],
    );
    expect(isNavActive(item('/recall'), '/recall')).toBe(true);
    expect(isNavActive(item('/recall'), '/recalls/4')).toBe(true);
    expect(isNavActive(item('/recall'), '/reports')).toBe(false);
  });
});

describe('user menu', () => {
  it('shows the first-name initial, else the email initial, else U', () => {
    expect(userInitial({ firstName: 'dana', email: 'x@y.z' })).toBe('D');
    expect(userInitial({ firstName: null, email: 'sam@y.z' })).toBe('S');
    expect(userInitial({ firstName: '', email: '' })).toBe('U');
    expect(fullName({ firstName: 'Dana', lastName: 'Morgan' })).toBe('Dana Morgan');
    expect(fullName({ firstName: null, lastName: null })).toBe('');
  });
});

describe('terms', () => {
  it("shows COD as 'Cash on Delivery'", () => {
    expect(termsLabel('COD')).toBe('Cash on Delivery');
    expect(termsLabel('Net 30')).toBe('Net 30');
    expect(termsLabel(null)).toBe('—');
  });
});
