import type { Logger } from "../../logger.ts";

/**
 * One push among several a listener sends for one event, each on its own: a failed one is logged and
 * the rest still go out (the bus does the same for a listener as a whole).
 */
export async function bestEffort(logger: Logger, what: string, push: () => Promise<unknown>): Promise<void> {
  try {
    await push();
  } catch (error) {
    logger.warn(`${what} push failed`, { error: error instanceof Error ? error.message : String(error) });
  }
}
