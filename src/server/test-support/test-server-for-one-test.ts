import type { ServerOptions } from "../server.ts";
import { startTestServer, type TestServer } from "./test-server.ts";

/**
 * A test server that lives for one test: started with `env` and `options`, handed to `use`, and disposed
 * of whatever `use` does. Another server on an existing server's database passes its `databaseEnv`.
 */
export async function withTestServer<T>(
  env: Record<string, string>,
  options: ServerOptions,
  use: (server: TestServer) => Promise<T>,
): Promise<T> {
  const server = await startTestServer(env, options);
  try {
    return await use(server);
  } finally {
    await server.dispose();
  }
}
