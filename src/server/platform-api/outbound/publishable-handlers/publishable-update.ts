import { json, readBody } from "../../platform-request.ts";
import type { PublishableHandler } from "./publishable-kind.ts";

/** `PUT …/{path}/{id}`: the whole item, audited; a builder token's PUT is kept as a draft instead. */
export const handlePublishableUpdate: PublishableHandler =
  ({ sql, kind, notFound, audit }) =>
  async (request, projectId, id, admin) => {
    const body = await readBody(request, kind.schema);
    if (!body.ok) return body.response;
    const found = await kind.find(sql, projectId, id);
    if (!found) return notFound();
    // The builder's token is readable by every script of the admin's site page: what it saves is a
    // draft, which goes live only when an admin publishes it with their own sign-in.
    if (admin.builder) return kind.saveDraft(projectId, found, body.value, admin);
    const write = await kind.prepare(projectId, body.value);
    if (write instanceof Response) return write;
    const updated = await sql.begin(async (tx) => {
      const done = await kind.update(tx, projectId, id, write);
      if (done) await audit(tx, admin, "update", id, { projectId, ...kind.describe(write) });
      return done;
    });
    if (!updated) return notFound();
    await kind.afterChange?.(projectId);
    return json(await kind.find(sql, projectId, id));
  };
