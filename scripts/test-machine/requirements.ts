import { accessSync, constants } from "node:fs";
import { basename, delimiter, join } from "node:path";
import { findPostgresBin } from "../../src/server/test-support/postgres-cluster.ts";

/** A program the tests run, and the Debian package that brings it. */
export interface Requirement {
  program: string;
  /**
   * Where the program is found when not on PATH: Debian's postgresql keeps initdb and pg_ctl in
   * /usr/lib/postgresql/<version>/bin. Answers whether it is there.
   */
  foundElsewhere?: () => boolean;
  debianPackage: string;
  /** Who needs it, for the one line the step prints. */
  neededBy: string;
}

/** A program also looked for at `file`, the system folder Debian installs it in. */
function systemProgram(file: string, debianPackage: string, neededBy: string): Requirement {
  return { program: basename(file), debianPackage, neededBy, foundElsewhere: () => executable(file) };
}

/** What `npm test` needs beyond Node.js and npm (Bun and the npm packages come from `npm ci`). */
export const testRequirements: readonly Requirement[] = [
  { program: "chromium", debianPackage: "chromium", neededBy: "the Playwright end-to-end tests" },
  {
    program: "chromium-headless-shell",
    debianPackage: "chromium-headless-shell",
    neededBy: "the Playwright end-to-end tests",
  },
  { program: "redis-server", debianPackage: "redis-server", neededBy: "the Redis fan-out tests" },
  {
    program: "initdb",
    debianPackage: "postgresql",
    neededBy: "the server tests on PostgreSQL",
    foundElsewhere: () => findPostgresBin() !== null,
  },
  // The self-hosting guide's files, run for real (src/server/nginx-tls.sqlite.test.ts,
  // src/server/systemd-unit.test.ts). Debian keeps these in sbin or bin folders a user's PATH may lack.
  systemProgram("/usr/sbin/nginx", "nginx", "the self-hosting guide's nginx test"),
  systemProgram("/usr/bin/openssl", "openssl", "the self-hosting guide's nginx test"),
  systemProgram("/usr/bin/systemd-analyze", "systemd", "the self-hosting guide's systemd unit test"),
  // The balancer of `npm run cluster` and its tests (scripts/cluster/, deploy/haproxy.cfg).
  systemProgram("/usr/sbin/haproxy", "haproxy", "the cluster tests"),
  // The load generator of the node capacity bench, whose run is a test (bench/node-capacity.pg.test.ts).
  { program: "wrk", debianPackage: "wrk", neededBy: "the node capacity bench's test" },
];

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Whether `program` is an executable file in one of the PATH's folders. */
export function onPath(program: string, path: string): boolean {
  return path
    .split(delimiter)
    .filter(Boolean)
    .some((folder) => executable(join(folder, program)));
}

export function missingRequirements(
  path: string,
  requirements: readonly Requirement[] = testRequirements,
): Requirement[] {
  return requirements.filter(
    (requirement) => !onPath(requirement.program, path) && !requirement.foundElsewhere?.(),
  );
}

export type ProvisionPlan =
  | { kind: "ready" }
  | { kind: "install"; packages: string[]; command: string[] }
  | { kind: "stop"; message: string };

/**
 * What the pretest step does on this machine: nothing, install the missing Debian packages (as root,
 * with apt-get, the way `playwright install --with-deps` does), or stop naming the command to run.
 */
export function provisionPlan(
  missing: readonly Requirement[],
  machine: { isRoot: boolean; hasAptGet: boolean },
): ProvisionPlan {
  if (missing.length === 0) return { kind: "ready" };
  const packages = [...new Set(missing.map((requirement) => requirement.debianPackage))];
  if (machine.isRoot && machine.hasAptGet)
    return { kind: "install", packages, command: ["apt-get", "install", "-y", "-qq", ...packages] };
  const install = machine.hasAptGet
    ? `sudo apt-get install -y ${packages.join(" ")}`
    : `install ${packages.join(", ")} with your package manager`;
  const programs = missing.map((requirement) => requirement.program).join(", ");
  return {
    kind: "stop",
    message: `The tests need ${programs}, which this machine lacks: run \`${install}\``,
  };
}
