import { describe, expect, it } from 'vitest';
import { activityReasons } from './activity.js';

describe('activityReasons', () => {
  it('says the reason an override was given for', () => {
    expect(
      activityReasons({
        label: 'ORD-2026-00041',
        creditHoldOverride: {
          holdReason: 'balance $150.00 is above the credit limit of $100.00',
          overrideReason: 'Cheque promised by phone',
        },
      }),
    ).toEqual(['Credit hold overridden: Cheque promised by phone']);
  });

  it('says nothing for a change without a reason, or with an empty or malformed one', () => {
    expect(activityReasons({ label: 'ORD-2026-00041', changes: [] })).toEqual([]);
    expect(activityReasons({ creditHoldOverride: { overrideReason: '  ' } })).toEqual([]);
    expect(activityReasons({ creditHoldOverride: 'Cheque promised' })).toEqual([]);
    expect(activityReasons({ creditHoldOverride: { overrideReason: 42 } })).toEqual([]);
  });
});
