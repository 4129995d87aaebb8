import { type Infer, object, string } from "superstruct";

/**
 * `/latest-build.json` on the main origin (spec §7 "an hourly fetch of a latest-build file"): the admin
 * entry of the deployed build. An open dashboard whose own entry differs is out of date. A module of
 * its own: the admin's entry reads it (under the sign-in route's budget), and the rest of the build
 * manifest's schemas are the build's and the server's alone.
 */
export const LatestBuild = object({
  admin: string(),
  builtAt: string(),
});
export type LatestBuild = Infer<typeof LatestBuild>;

export const latestBuildPath = "/latest-build.json";
