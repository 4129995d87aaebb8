// A fake S3 server for the S3 storage tests, run as its own process (`node s3rver-process.cjs BUCKET`):
// s3rver is a Node (Koa) program, so it is kept out of the Bun test process. It listens on a free
// loopback port over a temporary folder, prints that port as one line, and exits when stdin closes,
// so it cannot outlive the test that started it.
const { mkdtempSync, rmSync } = require("node:fs");
const { tmpdir } = require("node:os");
const { join } = require("node:path");
const S3rver = require("s3rver");

const bucket = process.argv[2] || "test-bucket";
const directory = mkdtempSync(join(tmpdir(), "s3rver-"));
const server = new S3rver({
  address: "127.0.0.1",
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket, configs: [] }],
});

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  server.close().finally(() => {
    rmSync(directory, { recursive: true, force: true });
    process.exit(code);
  });
}

server.run().then(
  ({ port }) => process.stdout.write(`${port}\n`),
  (error) => {
    process.stderr.write(`s3rver failed to start: ${error?.stack ?? error}\n`);
    rmSync(directory, { recursive: true, force: true });
    process.exit(1);
  },
);
process.stdin.on("end", () => stop(0));
process.stdin.on("close", () => stop(0));
process.stdin.resume();
// Ctrl-C in a terminal reaches the whole process group (npm run cluster): the folder goes all the same.
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
