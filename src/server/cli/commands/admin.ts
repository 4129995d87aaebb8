import type { SQL } from "bun";
import { type UserRole, userRoles } from "../../../shared/users-api.ts";
import {
  createStaffAccount,
  generatedPassword,
  type NewStaffAccount,
  passwordProblem,
  resetAccountPassword,
  staffAccountProblems,
} from "../../auth/operator-accounts.ts";
import { passwordHashing } from "../../auth/password-hashing.ts";
import type { ServerConfig } from "../../config.ts";
import { type Command, CommandError, type CommandIo, exitCodes, UsageError } from "../command.ts";
import { parseCommandArguments, requiredFlag } from "../command-arguments.ts";
import {
  asCommandError,
  commandConfig,
  maskedUrl,
  openCommandDatabase,
  requireCurrentSchema,
} from "../command-database.ts";

const help = [
  "Usage: gleam admin create --email <address> --name <display name> [--nickname <nickname>] [--role ADMIN|USER]",
  "       gleam admin reset-password --email <address>",
  "",
  "create          Creates an account that signs in to the dashboard at once (role ADMIN unless --role",
  "                USER), its address taken as verified; an ADMIN made here is an owner of the team,",
  "                who may invite and make other owners. The nickname (also a sign-in) defaults to the",
  "                address's local part. On a brand-new, empty database the migrations are applied",
  "                first, so the first admin of an install needs no other step; a database with",
  "                migrations pending is refused: run `gleam migrate` first.",
  "reset-password  Sets a new password and signs the account out everywhere (its sessions and refresh",
  "                tokens stop working at once).",
  "",
  "The password is read from stdin when one is piped in (one line, 8 to 128 characters):",
  "  printf '%s\\n' \"$PASSWORD\" | gleam admin create --email ada@example.com --name 'Ada Lovelace'",
  "Otherwise a strong password is generated and printed once.",
  "",
  "Both run beside a server on the same database. Environment: DATA_DIR, DATABASE_URL and",
  "PASSWORD_HASH_COST, as for serve.",
  "",
  "Exit codes: 0 done, 1 failed (a bad value, an address already taken, no such account),",
  "2 bad arguments, 3 refused (migrations pending, a database of a newer build).",
].join("\n");

/** The password piped in (its one line), or a generated one when nothing was piped. */
async function chosenPassword(io: CommandIo): Promise<{ password: string; generated: boolean }> {
  const piped = await io.readStdin();
  if (piped === "") return { password: generatedPassword(), generated: true };
  const lines = piped.replace(/\r?\n$/, "").split(/\r?\n/);
  if (lines.length > 1) throw new CommandError("stdin must hold one line: the password");
  const password = lines[0] ?? "";
  const problem = passwordProblem(password);
  if (problem) throw new CommandError(`The password read from stdin is refused: ${problem}`);
  return { password, generated: false };
}

function roleOf(value: string | undefined): UserRole {
  if (value === undefined) return "ADMIN";
  const role = value.trim().toUpperCase();
  if (!userRoles.includes(role as UserRole))
    throw new UsageError(`--role must be ADMIN or USER, got "${value}"`);
  return role as UserRole;
}

function databaseName({ database }: ServerConfig): string {
  return database.engine === "sqlite" ? database.filename : maskedUrl(database.url);
}

/** Opens the configured database for an account change; closes it whatever the change did. */
async function withAccounts<T>(
  config: ServerConfig,
  { migrateEmpty }: { migrateEmpty: boolean },
  change: (sql: SQL, applied: string[]) => Promise<T>,
): Promise<T> {
  const sql = await openCommandDatabase(config.database, { create: migrateEmpty });
  try {
    const applied = await requireCurrentSchema(sql, { migrateEmpty });
    return await change(sql, applied);
  } catch (error) {
    // A lock held past the busy timeout, a connection lost: one line, not a stack.
    throw asCommandError(error, "The database refused the change");
  } finally {
    await sql.close();
  }
}

async function create(args: string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandArguments(args, {
    email: { type: "string" },
    name: { type: "string" },
    nickname: { type: "string" },
    role: { type: "string" },
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}"`);
  const email = requiredFlag(values.email, "--email");
  const displayName = requiredFlag(values.name, "--name");
  const role = roleOf(values.role);
  const config = commandConfig(io.env);
  const { password, generated } = await chosenPassword(io);
  const account: NewStaffAccount = { email, displayName, nickname: values.nickname, role, password };
  const problems = staffAccountProblems(account);
  if (problems.length > 0) throw new CommandError(problems.join("\n"));

  const outcome = await withAccounts(config, { migrateEmpty: true }, async (sql, applied) => {
    // Said with the place, so a mistyped DATA_DIR shows at once as a new database somewhere else.
    if (applied.length > 0)
      io.out(`The database ${databaseName(config)} was empty: applied ${applied.length} migrations.`);
    return createStaffAccount(sql, account, passwordHashing(config.passwordHashCost));
  });
  if (!outcome.ok) throw new CommandError(outcome.problem);
  const { user } = outcome;
  const owner = user.staffRole === "owner" ? " as an owner of the team" : "";
  io.out(
    `Created ${user.role} ${user.email} (nickname "${user.name}")${owner}: signs in to the dashboard now.`,
  );
  if (generated) io.out(`Password (shown once, store it now): ${password}`);
  return exitCodes.ok;
}

async function resetPassword(args: string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandArguments(args, { email: { type: "string" } });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}"`);
  const email = requiredFlag(values.email, "--email");
  const config = commandConfig(io.env);
  const { password, generated } = await chosenPassword(io);
  const outcome = await withAccounts(config, { migrateEmpty: false }, (sql) =>
    resetAccountPassword(sql, email, password, passwordHashing(config.passwordHashCost)),
  );
  if (!outcome.ok) throw new CommandError(outcome.problem);
  io.out(`New password set for ${outcome.user.email} (${outcome.user.role}); every sign-in of it has ended.`);
  if (generated) io.out(`Password (shown once, store it now): ${password}`);
  return exitCodes.ok;
}

export const adminCommand: Command = {
  name: "admin",
  summary: "Create a dashboard admin, or set an account's password and sign it out everywhere",
  help,
  async run(args, io) {
    const [action, ...rest] = args;
    if (action === "create") return create(rest, io);
    if (action === "reset-password") return resetPassword(rest, io);
    throw new UsageError(
      action === undefined
        ? "admin needs an action: create or reset-password"
        : `Unknown admin action "${action}"`,
    );
  },
};
