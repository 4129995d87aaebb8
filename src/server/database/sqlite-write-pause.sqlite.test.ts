import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { pauseWrites, writesPaused, writeTurn } from "./sqlite-write-pause.ts";

test("a write's turn waits for the pause to end and for an open transaction to close", async () => {
  const connection = new Database(":memory:");
  const other = new Database(":memory:");
  expect(writesPaused(connection)).toBeNull();
  await writeTurn(connection);

  const resume = pauseWrites(connection);
  // A second request for the same pause is the same pause; another connection is not paused.
  expect(pauseWrites(connection)).toBe(resume);
  expect(writesPaused(other)).toBeNull();
  let turned = false;
  const turn = writeTurn(connection).then(() => {
    turned = true;
  });
  await Bun.sleep(5);
  expect(turned).toBe(false);

  connection.run("BEGIN");
  resume();
  expect(writesPaused(connection)).toBeNull();
  await Bun.sleep(5);
  // Still inside the transaction Bun.SQL (here: the test) holds open.
  expect(turned).toBe(false);
  connection.run("COMMIT");
  await turn;
  expect(turned).toBe(true);
  connection.close();
  other.close();
});
