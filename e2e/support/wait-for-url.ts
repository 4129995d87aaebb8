/**
 * Waits until a URL answers 200 (at most two minutes). The second e2e server starts only once the first
 * has built and is serving, so both serve the same fresh build.
 */
const url = process.argv[2];
if (!url) throw new Error("usage: bun e2e/support/wait-for-url.ts <url>");
const deadline = Date.now() + 120_000;
while (Date.now() < deadline) {
  const ok = await fetch(url).then(
    (response) => response.ok,
    () => false,
  );
  if (ok) process.exit(0);
  await Bun.sleep(250);
}
console.error(`${url} did not answer in time`);
process.exit(1);

export {};
