import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  appendFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type LoggedPing, pingFromLog } from "./logged-pings.ts";
import {
  backupMarkerName,
  backupMarkerStaleMs,
  openPingLogFile,
  pingLogFilesLeft,
  pingLogFolder,
  readPingLogFiles,
  writePingLogFile,
} from "./ping-log-file.ts";

// The ping log's files (ping-log-file.ts) in a scratch folder: what is appended reads back, files are
// started and cut as the log says, and what a crash leaves half written is passed over.
let workDir: string;
let folders = 0;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), "ping-log-file-"));
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

const newFolder = () => pingLogFolder(join(workDir, `db-${++folders}.sqlite`)) as string;

function ping(seq: number, sessionId = "session-a", page = `https://shop.example/${seq}`): LoggedPing {
  return pingFromLog({
    seq,
    sessionId,
    seenAt: new Date(Date.UTC(2026, 10, 27, 12, 0, seq)).toISOString(),
    durationSeconds: seq * 10,
    sdkVersion: "14.6.7",
    events: [
      {
        id: `event-${seq}`,
        name: "pageView",
        occurredAt: "2026-11-27T12:00:00.000Z",
        data: JSON.stringify({ page }),
      },
    ],
  });
}

const seqsOf = (folder: string) =>
  readPingLogFiles(folder).map((file) => file.logged.map((logged) => logged.seq));

describe("the ping log's files", () => {
  test("appended pings read back as they were, a file per fileBytes, named by their first seq", () => {
    const folder = newFolder();
    const file = openPingLogFile(folder, [], { fileBytes: 250 });
    file.append([ping(1), ping(2, "session-b")]);
    file.append([ping(3)]);
    file.append([ping(4)]);
    file.close();
    // Two pings (about 150 bytes a line) make a file past 250 bytes: the next group starts another.
    expect(seqsOf(folder)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(readdirSync(folder).sort()).toEqual(["0000000000000001.jsonl", "0000000000000003.jsonl"]);
    expect(readPingLogFiles(folder)[0]?.logged[1]).toEqual(ping(2, "session-b"));
    expect(file.count()).toBe(4);
  });

  test("a file is cut once all its pings are below the seq; the one being written too", () => {
    const folder = newFolder();
    const file = openPingLogFile(folder, [], { fileBytes: 250 });
    file.append([ping(1), ping(2)]);
    file.append([ping(3), ping(4)]);
    file.append([ping(5)]);
    file.cutBelow(3);
    expect(seqsOf(folder)).toEqual([[3, 4], [5]]);
    file.cutBelow(5);
    expect(seqsOf(folder)).toEqual([[5]]);
    // Everything folded: the file written to goes as well, and the next group starts a new one.
    file.cutBelow(6);
    expect(pingLogFilesLeft(folder)).toBe(false);
    file.append([ping(6)]);
    expect(seqsOf(folder)).toEqual([[6]]);
    expect(file.count()).toBe(1);
    file.close();
  });

  test("a backup's fresh marker holds the cuts; without it, or stale, the next cut takes what was held", () => {
    const folder = newFolder();
    const file = openPingLogFile(folder, [], { fileBytes: 250 });
    file.append([ping(1), ping(2)]);
    file.append([ping(3), ping(4)]);
    const marker = join(folder, backupMarkerName);
    writeFileSync(marker, "");
    file.cutBelow(5);
    expect(seqsOf(folder)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    // A marker a backup left when it died: older than the bound, it holds nothing.
    const old = (Date.now() - backupMarkerStaleMs - 1000) / 1000;
    utimesSync(marker, old, old);
    file.cutBelow(3);
    expect(seqsOf(folder)).toEqual([[3, 4]]);
    rmSync(marker);
    file.cutBelow(5);
    expect(pingLogFilesLeft(folder)).toBe(false);
    file.close();
  });

  test("files read back at open are cut like the others", () => {
    const folder = newFolder();
    const first = openPingLogFile(folder);
    first.append([ping(1), ping(2)]);
    first.close();
    const next = openPingLogFile(folder, readPingLogFiles(folder));
    next.append([ping(3)]);
    next.cutBelow(3);
    expect(seqsOf(folder)).toEqual([[3]]);
    next.close();
  });

  test("a line a crash cut short is passed over, and the lines before it read", () => {
    const folder = newFolder();
    const file = openPingLogFile(folder);
    file.append([ping(1), ping(2)]);
    file.close();
    const [written] = readdirSync(folder);
    appendFileSync(
      join(folder, written as string),
      '[3,"session-a","2026-11-27T12:00:03.000Z",30,"14.6.7",[["ev',
    );
    expect(seqsOf(folder)).toEqual([[1, 2]]);
  });

  test("a line holds the ping's events as their batch stores them; a line of the earlier form reads alike", () => {
    const folder = newFolder();
    const file = openPingLogFile(folder);
    file.append([ping(1)]);
    file.close();
    const [written] = readdirSync(folder);
    const path = join(folder, written as string);
    const line = JSON.parse(readFileSync(path, "utf8")) as unknown[];
    expect(line).toEqual([
      1,
      "session-a",
      "2026-11-27T12:00:01.000Z",
      10,
      "14.6.7",
      [
        [
          "event-1",
          "pageView",
          "2026-11-27T12:00:00.000Z",
          '{"page":"https://shop.example/1"}',
          "2026-11-27T12:00:01.000Z",
        ],
      ],
    ]);
    // Before the events carried the ping's seenAt, a line held them as [id, name, occurredAt, data].
    const earlier = [2, "session-a", "2026-11-27T12:00:02.000Z", 20, "14.6.7"];
    const events = [["event-2", "pageView", "2026-11-27T12:00:00.000Z", '{"page":"https://shop.example/2"}']];
    appendFileSync(path, `${JSON.stringify([...earlier, events])}\n`);
    expect(readPingLogFiles(folder)[0]?.logged).toEqual([ping(1), ping(2)]);
  });

  test("a file of the next name left by another is never joined: that group fails, the next seqs go on", () => {
    const folder = newFolder();
    mkdirSync(folder, { recursive: true });
    const foreign = join(folder, "0000000000000001.jsonl");
    writeFileSync(foreign, `${JSON.stringify([1, "session-z", "2026-11-27T11:00:00.000Z", 0, null, []])}\n`);
    const file = openPingLogFile(folder);
    expect(() => file.append([ping(1)])).toThrow();
    file.append([ping(2)]);
    file.close();
    expect(readPingLogFiles(folder).map((read) => read.logged.map((logged) => logged.sessionId))).toEqual([
      ["session-z"],
      ["session-a"],
    ]);
  });

  test("a ping found twice reads once; a file's last seq is at least its name's, torn or not", () => {
    const folder = newFolder();
    writePingLogFile(folder, [ping(1), ping(2)]);
    writePingLogFile(folder, [ping(2), ping(3)]);
    writeFileSync(join(folder, "0000000000000009.jsonl"), '[9,"session-a","2026-11');
    const files = readPingLogFiles(folder);
    expect(files.map((read) => read.logged.map((logged) => logged.seq))).toEqual([[1, 2], [3], []]);
    expect(files.map((read) => read.lastSeq)).toEqual([2, 3, 9]);
  });

  test("pings moved from elsewhere are written to a file of their own, and read back", () => {
    const folder = newFolder();
    expect(writePingLogFile(folder, [])).toBeNull();
    expect(writePingLogFile(folder, [ping(7), ping(9)])).toMatchObject({ lastSeq: 9, pings: 2 });
    expect(seqsOf(folder)).toEqual([[7, 9]]);
  });

  test("an in-memory database keeps no file", () => {
    expect(pingLogFolder(":memory:")).toBeNull();
    expect(pingLogFolder("")).toBeNull();
    const file = openPingLogFile(null);
    file.append([ping(1)]);
    expect(file.count()).toBe(0);
    expect(readPingLogFiles(null)).toEqual([]);
    expect(pingLogFilesLeft(null)).toBe(false);
  });
});
