import { serve } from "../../serve.ts";
import type { Command } from "../command.ts";
import { refuseArguments } from "../command-arguments.ts";
import { withEmbeddedAssets } from "../embedded-assets.ts";

export const serveCommand: Command = {
  name: "serve",
  summary: "Run the server (the same environment as npm start: PORT, MESSENGER_PORT, DATA_DIR, …)",
  help: [
    "Usage: gleam serve",
    "",
    "Runs the admin dashboard, the widget API and the messenger until SIGTERM or SIGINT.",
    "Reads its configuration from the environment, as npm start does (see docs/self-hosting.md):",
    "the SQLite database in DATA_DIR (./data by default, made when missing), migrated at start.",
    "The compiled binary serves the build embedded in it; DIST_DIR serves one from disk instead.",
    "`gleam check` tests the same environment without starting.",
    "",
    "Exit codes: 0 stopped by a signal, 1 could not start (one line says why), 2 bad arguments.",
  ].join("\n"),
  async run(args, io) {
    refuseArguments("serve", args);
    await serve(withEmbeddedAssets(io.env));
    // The demo seed's rows were built in memory and are garbage now: collected at once, the process
    // starts about 7 MB smaller instead of carrying them until the heap grows enough to collect.
    Bun.gc(true);
    // The server runs until a signal ends the process.
    return await new Promise<number>(() => {});
  },
};
