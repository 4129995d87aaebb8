/**
 * The one timeout policy of `npm test`, the same on the SQLite and the PostgreSQL pass:
 *   - every test and hook gets `testTimeoutMs` (`bun test --timeout`): a test server on PostgreSQL
 *     starts in well under a second, so this is room for a loaded machine, not for slow tests;
 *   - a fixture started for a whole file (`startBeforeAll`: a test server, a database copied from the
 *     template) gets `fixtureTimeoutMs` to start and to stop: with both passes' eight workers on two
 *     cores, copying a PostgreSQL database and starting a server beside them once took over 15 s;
 *   - a file that starts whole processes (`npm start`'s entry, a PostgreSQL or a Redis of its own)
 *     calls `setDefaultTimeout(processTestTimeoutMs)` at its top.
 */
export const testTimeoutMs = 15_000;
export const processTestTimeoutMs = 60_000;
export const fixtureTimeoutMs = 60_000;
