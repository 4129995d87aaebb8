import { type Infer, object, string } from "superstruct";

/** The latest-build file's body (latest-build.ts): written by the build, read by an open dashboard. */
export const LatestBuild = object({
  admin: string(),
  builtAt: string(),
});
export type LatestBuild = Infer<typeof LatestBuild>;
