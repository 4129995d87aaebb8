/** What `gleam check` prints before each line's colon when every check passes, in its order. */
export const passingCheckLines = [
  "ok      configuration",
  "ok      data folder",
  "ok      database",
  "ok      redis",
  "ok      s3",
  "ok      smtp",
  "ok      assets",
];
