import { join, resolve } from "node:path";

// `npm start`'s server: the bundle build.ts made in DIST_DIR (scripts/build/server-bundle.ts). Read
// here rather than in npm's shell, which knows neither `.env` (Bun loads it) nor build.ts's trimming.
await import(join(resolve(process.env.DIST_DIR?.trim() || "dist"), "server", "main.js"));
