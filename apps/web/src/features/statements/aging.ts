/** The aging buckets of a pharmacy's open balance: its statement's and its page's. */
export const AGING = [
  { key: 'current', label: 'Current', hint: 'Not due, or up to 30 days past due' },
  { key: 'days31to60', label: '31–60 days', hint: 'Past due' },
  { key: 'days61to90', label: '61–90 days', hint: 'Past due' },
  { key: 'over90', label: 'Over 90 days', hint: 'Past due' },
] as const;
