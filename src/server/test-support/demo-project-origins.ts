import { findProjectBySdkKey, updateProjectSettings } from "../domain/projects/projects-repository.ts";
import type { RunningServer } from "../server.ts";
import { writtenByHand } from "./written-by-hand.ts";

/**
 * Runs `run` while the demo project allows only `origins`, then lets it list none again, as it is
 * seeded, whatever `run` did: the file's other tests still see a project open to every host.
 */
export async function withDemoProjectOrigins(
  server: Pick<RunningServer, "widgetLookups" | "db">,
  origins: string[],
  run: () => Promise<void>,
): Promise<void> {
  const project = await findProjectBySdkKey(server.db.sql, "demo");
  if (!project) throw new Error("no demo project");
  await writtenByHand(server, updateProjectSettings(server.db.sql, project.id, { allowedOrigins: origins }));
  try {
    await run();
  } finally {
    await writtenByHand(server, updateProjectSettings(server.db.sql, project.id, { allowedOrigins: [] }));
  }
}
