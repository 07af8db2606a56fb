/** The database `insights-seed.ts` fills and `insights.ts` measures, on DATABASE_URL's server. */
export const INSIGHTS_DATABASE = 'pharm_insights_bench';

export function insightsDatabaseUrl(adminUrl: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${INSIGHTS_DATABASE}`;
  return url.toString();
}
