import { serve } from "./serve.ts";

// The entry of `npm start` (the compiled binary's `serve` command runs the same function).
await serve(process.env);
