import {
  array,
  enums,
  type Infer,
  literal,
  number,
  object,
  omit,
  optional,
  record,
  string,
} from "superstruct";

/**
 * What the browser needs to start one app: its entry script, styles and the chunks worth preloading;
 * for the admin also the lazy chunks worth preloading on some addresses (src/shared/admin-route-modules.ts:
 * a path pattern and the chunks, with every chunk they import, that a page at such a path preloads).
 */
export const AppEntry = object({
  script: string(),
  css: array(string()),
  preload: array(string()),
  routes: optional(array(object({ pattern: string(), preload: array(string()) }))),
});
export type AppEntry = Infer<typeof AppEntry>;

export const BuiltFile = object({
  origin: enums(["main", "messenger"]),
  path: string(),
  bytes: number(),
  gzip: number(),
  brotli: number(),
});
export type BuiltFile = Infer<typeof BuiltFile>;

/**
 * `dist/manifest.json`, written by build.ts and read by the server to render app pages with their
 * hashed assets and preloads. Paths are URL paths on their origin.
 */
export const BuildManifest = object({
  version: literal(1),
  builtAt: string(),
  loader: string(),
  widgetChunks: record(string(), string()),
  /**
   * The admin on the main origin; the messenger, banner and modal frames and the admin's tour and
   * tooltip builder frame on the messenger origin.
   */
  apps: object({
    admin: AppEntry,
    messenger: AppEntry,
    banner: AppEntry,
    modal: AppEntry,
    builder: AppEntry,
  }),
  files: array(BuiltFile),
});
export type BuildManifest = Infer<typeof BuildManifest>;

/** What the server serves from: the manifest but `files`, whose sizes are for the size tools. */
export const ServedBuildManifest = omit(BuildManifest, ["files"]);
export type ServedBuildManifest = Infer<typeof ServedBuildManifest>;

export const manifestFileName = "manifest.json";
