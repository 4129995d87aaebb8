import type { Method } from "./router.ts";

/** A platform API handler (`/api/...` outside the widget API). */
export type ApiHandler = (request: Request, params: Record<string, string>) => Response | Promise<Response>;

export interface ApiRoute {
  method: Method;
  pattern: string;
  handler: ApiHandler;
}
