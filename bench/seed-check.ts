/**
 * The app's money invariants (packages/db moneyViolations, as the property tests ask them) over
 * the whole database `insights-seed.ts` filled: prints each violation and exits 1 if there is one.
 *
 *     DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm --filter @pharm/bench exec tsx seed-check.ts
 */
import { performance } from 'node:perf_hooks';
import { createDb, moneyViolations } from '@pharm/db';
import { INSIGHTS_DATABASE, insightsDatabaseUrl } from './lib/insights-db.js';

async function main() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('Set DATABASE_URL (the server bench:seed filled)');
  const { db, close } = await createDb({
    url: insightsDatabaseUrl(adminUrl),
    migrate: false,
    pool: { max: 1, statementTimeoutMs: 0, lockTimeoutMs: 0 },
  });
  try {
    const started = performance.now();
    const violations = await moneyViolations(db);
    for (const violation of violations.slice(0, 50)) console.log(violation);
    console.log(
      `${violations.length} money invariant violations in ${INSIGHTS_DATABASE} ` +
        `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    if (violations.length > 0) process.exitCode = 1;
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
