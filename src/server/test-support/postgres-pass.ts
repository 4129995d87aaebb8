/**
 * The PostgreSQL of `npm test`'s second pass (`bun scripts/test-machine/with-postgres-and-redis.ts`),
 * for `*.pg.test.ts` files: they run in that pass only and stop with this line anywhere else.
 */
export function postgresPassUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      "TEST_DATABASE_URL is not set: *.pg.test.ts files run in the PostgreSQL pass (npm run test:postgres)",
    );
  return url;
}
