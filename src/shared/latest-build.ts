/**
 * `/latest-build.json` on the main origin (spec §7 "an hourly fetch of a latest-build file"): the admin
 * entry of the deployed build. An open dashboard whose own entry differs is out of date. The path and
 * the schema (latest-build-schema.ts) are apart: the admin's entry needs the path at once, and loads the
 * schema and its validation library with the first check, an hour after the page opened.
 */
export const latestBuildPath = "/latest-build.json";
