import { describe, expect, it } from 'vitest';
import { stateOfAddress } from './licence-labels.js';
import { licenceSchema, licenceStatus } from './licences.js';

describe('stateOfAddress', () => {
  it('reads the state of an address ending in "City, ST 12345"', () => {
    expect(stateOfAddress('12 Elm St\nSpringfield, IL 62701')).toBe('IL');
    expect(stateOfAddress('1 Bay Rd, Austin, tx 78701-1234 ')).toBe('TX');
    expect(stateOfAddress('1 Bay Rd, Austin, ZZ 78701')).toBeNull();
    expect(stateOfAddress('Unit 4, 62701 Springfield')).toBeNull();
    expect(stateOfAddress(null)).toBeNull();
  });
});

describe('licenceStatus', () => {
  it('is expired the day after its expiry, expiring within the warning days', () => {
    expect(licenceStatus('2026-03-09', '2026-03-10', 30)).toBe('expired');
    expect(licenceStatus('2026-03-10', '2026-03-10', 30)).toBe('expiring');
    expect(licenceStatus('2026-04-09', '2026-03-10', 30)).toBe('expiring');
    expect(licenceStatus('2026-04-10', '2026-03-10', 30)).toBe('valid');
    expect(licenceStatus(null, '2026-03-10', 30)).toBe('no_expiry');
  });
});

describe('licenceSchema', () => {
  it('upper-cases the state and keeps the schedules in order, once each', () => {
    const parsed = licenceSchema.parse({
      kind: 'dea',
      number: ' AB1234563 ',
      state: 'il',
      schedules: ['IV', 'II', 'IV'],
    });
    expect(parsed).toMatchObject({ number: 'AB1234563', state: 'IL', schedules: ['II', 'IV'] });
  });
});
