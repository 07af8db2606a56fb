/**
 * The database `insights-seed.ts` fills and `insights.ts` and `exports.ts` measure, on
 * DATABASE_URL's server; BENCH_DATABASE names another, so that two benchmarks need not share one.
 */
export const INSIGHTS_DATABASE = process.env.BENCH_DATABASE ?? 'pharm_insights_bench';

export function insightsDatabaseUrl(adminUrl: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${INSIGHTS_DATABASE}`;
  return url.toString();
}
