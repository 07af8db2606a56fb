import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Creates an empty database on the server of `adminUrl` (tests, benchmarks): its URL, and a
 * function that drops it again.
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix = 'pharm_test',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
