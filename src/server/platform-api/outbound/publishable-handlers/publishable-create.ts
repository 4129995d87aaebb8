import { json, readBody } from "../../platform-request.ts";
import type { PublishableHandler } from "./publishable-kind.ts";

/** `POST …/{path}`: a new item of the kind, audited in its transaction. */
export const handlePublishableCreate: PublishableHandler =
  ({ sql, kind, audit }) =>
  async (request, projectId, _id, admin) => {
    const body = await readBody(request, kind.schema);
    if (!body.ok) return body.response;
    const write = await kind.prepare(projectId, body.value);
    if (write instanceof Response) return write;
    const id = await sql.begin(async (tx) => {
      const created = await kind.insert(tx, projectId, write);
      await audit(tx, admin, "create", created, { projectId, ...kind.describe(write) });
      return created;
    });
    await kind.afterChange?.(projectId);
    return json(await kind.find(sql, projectId, id), { status: 201 });
  };
