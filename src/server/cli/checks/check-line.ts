/** One line of `gleam check`: what was checked, how it went, and what the operator needs to know. */
export interface CheckLine {
  name: string;
  outcome: "ok" | "problem" | "skipped";
  detail: string;
}

export const ok = (name: string, detail: string): CheckLine => ({ name, outcome: "ok", detail });
export const problem = (name: string, detail: string): CheckLine => ({ name, outcome: "problem", detail });
export const skipped = (name: string, detail: string): CheckLine => ({ name, outcome: "skipped", detail });

/** How long one connection check may take: a firewall that drops packets must not hang the command. */
export const checkDeadlineMs = 10_000;

/**
 * Runs a check and turns whatever goes wrong (an error, no answer before the deadline) into its problem
 * line: a driver's message, never a stack.
 */
export async function runCheck(
  name: string,
  check: () => Promise<CheckLine>,
  deadlineMs = checkDeadlineMs,
): Promise<CheckLine> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<CheckLine>((resolve) => {
    timer = setTimeout(() => resolve(problem(name, `no answer within ${deadlineMs / 1000} s`)), deadlineMs);
  });
  try {
    return await Promise.race([check(), deadline]);
  } catch (error) {
    return problem(name, error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
  }
}
