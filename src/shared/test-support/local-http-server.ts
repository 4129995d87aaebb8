import { afterAll, beforeAll } from "bun:test";

/**
 * Serves `fetch` on a free local port for the tests of the file or describe block this is called in:
 * up before the first of them, its address (`http://127.0.0.1:<port>`) handed to `use` (the tests keep
 * it in a `let`), and stopped after the last.
 */
export function serveBeforeAll(
  fetch: (request: Request) => Response | Promise<Response>,
  use: (base: string) => void,
): void {
  let server: ReturnType<typeof Bun.serve> | undefined;
  beforeAll(() => {
    server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch });
    use(`http://127.0.0.1:${server.port}`);
  });
  afterAll(() => server?.stop(true));
}
