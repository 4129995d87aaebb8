import { join } from "node:path";
import { writeFixtureDist } from "./fixture-dist.ts";
import { type TemporaryFolder, temporaryFolder } from "./temporary-folder.ts";

/** A temporary folder for processes under test, with the fixture build in its `dist`. */
export interface FixtureWorkDir extends TemporaryFolder {
  /** The fixture build, for DIST_DIR. */
  dist: string;
}

/** Makes a temporary folder named from `prefix` and writes the fixture build into its `dist`. */
export async function fixtureWorkDir(prefix: string): Promise<FixtureWorkDir> {
  const folder = await temporaryFolder(prefix);
  const dist = join(folder.dir, "dist");
  await writeFixtureDist(dist);
  return { ...folder, dist };
}

/**
 * The variables of a server process that listens on loopback on ports it picks itself, serves the
 * fixture build of `work` and keeps its data in `work`'s `data` folder.
 */
export function loopbackServerEnv(work: FixtureWorkDir): Record<string, string> {
  return {
    PORT: "0",
    MESSENGER_PORT: "0",
    HOST: "127.0.0.1",
    DIST_DIR: work.dist,
    DATA_DIR: join(work.dir, "data"),
  };
}
