import { spawnSync } from "node:child_process";
import { missingRequirements, onPath, provisionPlan } from "./requirements.ts";

/**
 * The pretest step (`npm test` runs it first; `.ci/run` too): installs the Debian packages the tests
 * need when they are missing and this runs as root, otherwise stops with one line naming the command.
 * `--dry-run` only prints what it would do (the tests of this step use it).
 */
const dryRun = process.argv.includes("--dry-run");
const path = process.env.PATH ?? "";
const missing = missingRequirements(path);
const plan = provisionPlan(missing, {
  isRoot: process.getuid?.() === 0,
  hasAptGet: onPath("apt-get", path) || onPath("apt-get", "/usr/bin:/bin"),
});

if (plan.kind === "stop") {
  console.error(plan.message);
  process.exit(1);
}
if (plan.kind === "install") {
  const needs = missing
    .map((requirement) => `${requirement.debianPackage} (${requirement.neededBy})`)
    .join(", ");
  console.log(`${dryRun ? "Would install" : "Installing"} Debian packages for the tests: ${needs}`);
  if (!dryRun) {
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    for (const command of [["apt-get", "update", "-qq"], plan.command]) {
      const [program = "", ...args] = command;
      const result = spawnSync(program, args, { env, stdio: ["ignore", "ignore", "inherit"] });
      if (result.status !== 0) {
        console.error(
          `\`${command.join(" ")}\` failed (exit ${result.status ?? result.signal}); install ${plan.packages.join(" ")} by hand`,
        );
        process.exit(1);
      }
    }
  }
}
