import { type Command, exitCodes } from "../command.ts";
import { refuseArguments } from "../command-arguments.ts";
import { withEmbeddedAssets } from "../embedded-assets.ts";

export const checkCommand: Command = {
  name: "check",
  summary: "Check the configuration and the connections serve needs, one line each",
  help: [
    "Usage: gleam check",
    "",
    "Checks what `gleam serve` needs, from the same environment, and prints one line per check",
    "(ok, problem, or skipped when a variable it needs is invalid):",
    "  configuration  every invalid variable, each by its name (not only the first)",
    "  data folder    DATA_DIR writable (a probe file written and removed; a missing folder is not made)",
    "  database       opened read-only, SELECT 1, and its migrations against this release's: pending",
    "                 ones are fine (serve applies them), unknown ones (a newer release) are a problem",
    "  redis          when REDIS_URL is set: connected, PING",
    "  s3             when S3_BUCKET is set: a small object written and deleted",
    "  smtp           when SMTP_URL is set: the URL and MAIL_FROM parse (no mail is sent)",
    "  assets         the built SDK, admin and messenger (embedded in the binary, or DIST_DIR)",
    "",
    "Each connection has 10 s to answer. Passwords in URLs are never printed.",
    "",
    "Exit codes: 0 every check ok, 1 a problem found, 2 bad arguments.",
  ].join("\n"),
  async run(args, io) {
    refuseArguments("check", args);
    // Loaded here: the checks bring the mail library and Node's network modules, which a binary's
    // `serve` would otherwise load at every start (scripts/build/compile.ts).
    const { checkReadiness, formatCheckLine } = await import("../checks/readiness.ts");
    const lines = await checkReadiness(withEmbeddedAssets(io.env));
    for (const line of lines) io.out(formatCheckLine(line));
    const problems = lines.filter((line) => line.outcome === "problem").length;
    return problems === 0 ? exitCodes.ok : exitCodes.failed;
  },
};
