import type { ImportResult } from './types';

type Counts = { created: number; updated: number; unchanged: number };

function part(label: string, counts: Counts): string {
  const pieces = (['created', 'updated', 'unchanged'] as const)
    .filter((key) => counts[key] > 0)
    .map((key) => `${counts[key].toLocaleString('en-US')} ${key}`);
  return `${label}: ${pieces.length ? pieces.join(', ') : 'none'}.`;
}

/** 'Products: 3 created, 45 unchanged. Variants: 9 created, 127 unchanged.' */
export function countsSummary(result: ImportResult): string {
  return `${part('Products', result)} ${part('Variants', result.variants)}`;
}
