import { ConfigError, loadConfig, type ServerConfig } from "./config.ts";

export interface ConfigReview {
  /** Every invalid variable, one problem each, in the order `loadConfig` reads them. */
  problems: ConfigError[];
  /**
   * The configuration with each invalid variable left at its default, so checks that do not depend on
   * one can still run; null when a problem persists without its variable (no default to fall back to).
   */
  config: ServerConfig | null;
}

/**
 * Every problem of an environment's configuration, where `loadConfig` (which the server runs) stops at
 * the first: after each problem the variable it names is dropped, so its default applies, and the
 * configuration is read again. One parser serves the server and `gleam check`, so they never disagree
 * on what is valid.
 */
export function reviewConfig(env: Record<string, string | undefined>, cwd = process.cwd()): ConfigReview {
  const problems: ConfigError[] = [];
  let current = { ...env };
  // Each round drops one variable, so the loop ends; the bound only guards against a reader that
  // names a variable it did not read.
  for (let round = 0; round <= Object.keys(env).length; round++) {
    try {
      return { problems, config: loadConfig(current, cwd) };
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      const dropped = current[error.variable] === undefined;
      if (!problems.some((known) => known.variable === error.variable)) problems.push(error);
      // The variable is already at its default (MESSENGER_PORT's 3001 against PORT=3001): nothing left
      // to drop, and no configuration to check the connections with.
      if (dropped) return { problems, config: null };
      current = { ...current, [error.variable]: undefined };
    }
  }
  return { problems, config: null };
}

/** A problem as the operator reads it: the variable first, without the server's start-up prefix. */
export function describeConfigProblem(problem: ConfigError): string {
  return problem.message.replace(/^Invalid configuration: /, "");
}
