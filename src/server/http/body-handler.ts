import type { Struct } from "superstruct";
import type { ApiHandler } from "./api-route.ts";
import { readBody } from "./read-body.ts";

/** A handler of a JSON body of `schema`: a body that is not one is answered as `readBody` does. */
export function bodyHandler<T, S>(
  schema: Struct<T, S>,
  answer: (value: T, request: Request) => Promise<Response>,
): ApiHandler {
  return async (request) => {
    const body = await readBody(request, schema);
    if (!body.ok) return body.response;
    return answer(body.value, request);
  };
}
