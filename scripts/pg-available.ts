/**
 * Exit 0 when a PostgreSQL server answers at DATABASE_URL, 1 otherwise (with the reason).
 * .ci/run uses it to run the server tests on PostgreSQL or to print why they are skipped.
 */
import pg from 'pg';

const url = process.env.DATABASE_URL;
if (!url) {
  console.log('DATABASE_URL is not set');
  process.exit(1);
}
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.query('select 1');
  await client.end();
  process.exit(0);
} catch (error) {
  console.log(`no PostgreSQL server answers at ${url}: ${(error as Error).message}`);
  process.exit(1);
}
