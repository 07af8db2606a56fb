import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('keeps a path of the app with its search and hash', () => {
    expect(safeRedirect('/orders?tab=sent')).toBe('/orders?tab=sent');
    expect(safeRedirect('/orders/12/edit')).toBe('/orders/12/edit');
    expect(safeRedirect('/products?tab=stoppers&q=13%20mm#top')).toBe(
      '/products?tab=stoppers&q=13%20mm#top',
    );
  });

  it('refuses anything that could leave the app', () => {
    for (const bad of [
      '//evil.com',
      '//evil.com/orders',
      '/\\evil.com',
      '\\\\evil.com',
      '/\t/evil.com',
      '/\n/evil.com',
      '/.//evil.com',
      'https://evil.com',
      'http:evil.com',
      'javascript:alert(1)',
      'evil.com',
      'orders',
      '',
      ' /orders',
    ]) {
      expect(safeRedirect(bad), JSON.stringify(bad)).toBeUndefined();
    }
  });

  it('refuses what is not a string, and the home page itself', () => {
    for (const bad of [undefined, null, 42, ['/orders'], { href: '/orders' }, '/']) {
      expect(safeRedirect(bad)).toBeUndefined();
    }
  });
});
