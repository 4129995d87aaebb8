import { describe, expect, test } from "bun:test";
import type { LoginResult } from "../../../shared/auth-api.ts";
import { teamErrors } from "../../../shared/team-api.ts";
import { currentTotp } from "../../auth/totp.ts";
import { readAnswer } from "../../test-support/api-calls.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";
import { auditEntries, startTeamServer } from "./team-test-support.ts";

/**
 * Invitations through the real server (src/shared/team-api.ts): the link shown once without SMTP and
 * mailed through the outbox, only its hash stored, the pending list, resend and revoke, the accept page's
 * calls, one account per link even when accepts race, expiry, the workspace's two-factor rule, and
 * no answer that tells a used, revoked or expired link from one that never existed.
 */

// Signed-out calls of one address would pass the limit here; its own server below checks it.
const team = startedBeforeAll(() => startTeamServer({ RATE_LIMITS: "0" }));
const invalidLink = { status: 404, body: { error: teamErrors.invalidLink } };
const acceptForm = (nickname: string) => ({
  name: `${nickname} Person`,
  nickname,
  password: "a-good-password",
});

const accept = (token: string, form: unknown) =>
  team.call("POST", `/api/invitations/${token}/accept`, form, null);

async function rowCounts() {
  const [{ users }] = await team.sql`SELECT count(*) AS users FROM users`;
  const [{ invitations }] = await team.sql`SELECT count(*) AS invitations FROM staff_invitations`;
  const [{ mails }] = await team.sql`SELECT count(*) AS mails FROM mail_outbox`;
  return { users: Number(users), invitations: Number(invitations), mails: Number(mails) };
}

describe("inviting", () => {
  test("without SMTP the link is answered once; the mail goes to the outbox; only the token's hash is kept", async () => {
    const created = await team.invite("Casey@Example.com", "agent", [team.demoProjectId]);
    expect(created).toMatchObject({
      email: "casey@example.com",
      role: "agent",
      projectIds: [team.demoProjectId],
    });
    expect(created.link).toMatch(new RegExp(`^${team.server.mainUrl}/invite/[A-Za-z0-9_-]{43}$`));
    expect(Date.parse(created.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    const [row] = await team.sql`SELECT * FROM staff_invitations WHERE id = ${created.id}`;
    expect(JSON.stringify(row)).not.toContain(created.token);
    const [mail] =
      await team.sql`SELECT subject, body FROM mail_outbox WHERE to_address = ${"casey@example.com"}`;
    expect(mail.subject).toBe("You are invited to the Morph Admin team");
    expect(mail.body).toContain(created.link);
    expect(await auditEntries(team.sql, created.id, "invitation.create")).toEqual([
      {
        actorId: team.ownerId,
        details: { email: "casey@example.com", role: "agent", projectIds: [team.demoProjectId] },
      },
    ]);
    // The pending list and one invitation never carry the link.
    const list = await readAnswer<{ items: Array<Record<string, unknown>> }>(
      await team.call("GET", "/api/invitations"),
    );
    const listed = list.body.items.find((item) => item.id === created.id);
    expect(listed).toMatchObject({
      email: "casey@example.com",
      role: "agent",
      invitedBy: { id: team.ownerId },
    });
    expect(JSON.stringify(list.body)).not.toContain(created.token);
    const one = await readAnswer(await team.call("GET", `/api/invitations/${created.id}`));
    expect(one).toMatchObject({ status: 200, body: { id: created.id, email: "casey@example.com" } });
  });

  test("bad fields are 400s naming the field; taken addresses and a second invitation are 409s; nothing is written", async () => {
    await team.staff("Taken", "admin");
    await team.invite("twice@example.com", "agent");
    const before = await rowCounts();
    const refusals: Array<[unknown, number, string | undefined]> = [
      [{ email: "not-an-address", role: "agent" }, 400, "email"],
      [{ email: "a@example.com", role: "boss" }, 400, "role"],
      [{ email: "a@example.com", role: "agent", projectIds: ["no-such-project"] }, 400, "projectIds"],
      [{ email: "taken@example.com", role: "agent" }, 409, "email"],
      [{ email: "member-x@example.com", role: "agent" }, 409, "email"],
      [{ email: "TWICE@example.com", role: "admin" }, 409, "email"],
    ];
    await team.sql`INSERT INTO users (id, name, name_key, email, password_hash, role, enabled, email_verified, created_at)
      VALUES (${crypto.randomUUID()}, 'memberx', 'memberx', 'member-x@example.com', 'x', 'USER', TRUE, TRUE, ${new Date().toISOString()})`;
    for (const [body, status, field] of refusals) {
      const answer = await readAnswer<{ field?: string }>(await team.call("POST", "/api/invitations", body));
      expect({ body, status: answer.status, field: answer.body.field }).toEqual({ body, status, field });
    }
    const after = await rowCounts();
    expect(after).toEqual({ ...before, users: before.users + 1 });
    const taken = await readAnswer(
      await team.call("POST", "/api/invitations", { email: "taken@example.com", role: "agent" }),
    );
    expect(taken.body).toEqual({ error: teamErrors.alreadyStaff, field: "email" });
  });

  test("only an owner invites an owner", async () => {
    const admin = await team.staff("InvitingAdmin", "admin");
    const refused = await readAnswer(
      await team.call("POST", "/api/invitations", { email: "boss@example.com", role: "owner" }, admin.token),
    );
    expect(refused).toEqual({ status: 403, body: { error: teamErrors.ownersOnly, field: "role" } });
    expect((await team.invite("colleague@example.com", "admin", [], admin.token)).role).toBe("admin");
    expect((await team.invite("boss@example.com", "owner")).role).toBe("owner");
  });
});

describe("the accept page's calls", () => {
  test("an invited agent sets name, nickname and password: a sign-in's tokens, the inbox of their project, audited", async () => {
    const created = await team.invite("dana@example.com", "agent", [team.demoProjectId]);
    const preview = await readAnswer(
      await team.call("GET", `/api/invitations/${created.token}/accept`, undefined, null),
    );
    expect(preview).toEqual({
      status: 200,
      body: { email: "dana@example.com", role: "agent", expiresAt: created.expiresAt, mfaRequired: false },
    });
    const answer = await accept(created.token, acceptForm("dana"));
    expect(answer.status).toBe(201);
    const signedIn = (await answer.json()) as LoginResult;
    expect(signedIn.user).toMatchObject({
      name: "dana",
      email: "dana@example.com",
      role: "ADMIN",
      staffRole: "agent",
      emailVerified: true,
    });
    const me = await readAnswer<{ user: { staffRole: string } }>(
      await team.call("GET", "/api/auth/me", undefined, signedIn.access_token),
    );
    expect(me.body.user.staffRole).toBe("agent");
    const profile = await readAnswer(
      await team.call("GET", "/api/admin/profile", undefined, signedIn.access_token),
    );
    expect(profile.body).toMatchObject({ name: "dana", displayName: "dana Person" });
    const inbox = await team.call("GET", "/api/feedback", undefined, signedIn.access_token);
    expect(inbox.status).toBe(200);
    // The password chosen signs in from now on.
    const login = await team.call(
      "POST",
      "/api/auth/login",
      { login: "dana", password: "a-good-password" },
      null,
    );
    expect(login.status).toBe(200);
    const [entry] = await auditEntries(team.sql, signedIn.user.id, "invitation.accept");
    expect(entry?.details).toMatchObject({
      invitationId: created.id,
      role: "agent",
      projectIds: [team.demoProjectId],
    });
    // Used: the same answer as a link that never existed, and the pending list no longer has it.
    expect(await readAnswer(await accept(created.token, acceptForm("dana2")))).toEqual(invalidLink);
    expect(
      await readAnswer(await team.call("GET", `/api/invitations/${created.token}/accept`, undefined, null)),
    ).toEqual(invalidLink);
    expect(await readAnswer(await accept("never-issued", acceptForm("nobody")))).toEqual(invalidLink);
    const pending = (await (await team.call("GET", "/api/invitations")).json()) as {
      items: Array<{ id: string }>;
    };
    expect(pending.items.map((item) => item.id)).not.toContain(created.id);
  });

  test("five accepts of one link at once make one account", async () => {
    const created = await team.invite("racer@example.com", "admin");
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => accept(created.token, acceptForm(`racer${n}`)).then(readAnswer)),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 201)).toEqual([
      invalidLink,
      invalidLink,
      invalidLink,
      invalidLink,
    ]);
    const [{ count }] =
      await team.sql`SELECT count(*) AS count FROM users WHERE email = ${"racer@example.com"}`;
    expect(Number(count)).toBe(1);
  });

  test("a bad form is a 400 naming the field, a taken nickname a 409; the link still works afterwards", async () => {
    const created = await team.invite("eli@example.com", "agent");
    for (const [form, field] of [
      [{ ...acceptForm("eli"), password: "short" }, "password"],
      [{ ...acceptForm("eli"), nickname: "e@i" }, "nickname"],
      [{ ...acceptForm("eli"), name: "" }, "name"],
      [{ ...acceptForm("admin") }, "nickname"],
    ] as const) {
      const answer = await readAnswer<{ field?: string }>(await accept(created.token, form));
      expect({
        field,
        status: answer.status === 409 || answer.status === 400,
        got: answer.body.field,
      }).toEqual({
        field,
        status: true,
        got: field,
      });
    }
    expect((await accept(created.token, acceptForm("eli"))).status).toBe(201);
  });

  test("resend gives a new link and stops the old one; revoke stops it; an expired link is refused", async () => {
    const created = await team.invite("fay@example.com", "agent");
    const resent = await readAnswer<{ link: string; expiresAt: string }>(
      await team.call("POST", `/api/invitations/${created.id}/resend`),
    );
    expect(resent.status).toBe(200);
    const newToken = resent.body.link.split("/").at(-1) ?? "";
    expect(newToken).not.toBe(created.token);
    expect(await readAnswer(await accept(created.token, acceptForm("fay")))).toEqual(invalidLink);
    const mails =
      await team.sql`SELECT body FROM mail_outbox WHERE to_address = ${"fay@example.com"} ORDER BY created_at`;
    expect(mails.at(-1).body).toContain(resent.body.link);

    expect((await team.call("DELETE", `/api/invitations/${created.id}`)).status).toBe(204);
    expect(await readAnswer(await accept(newToken, acceptForm("fay")))).toEqual(invalidLink);
    expect((await team.call("DELETE", `/api/invitations/${created.id}`)).status).toBe(404);
    expect((await auditEntries(team.sql, created.id, "invitation.revoke")).length).toBe(1);

    const late = await team.invite("gus@example.com", "agent");
    await team.sql`UPDATE staff_invitations SET expires_at = ${new Date(Date.now() - 1000).toISOString()}
      WHERE id = ${late.id}`;
    expect(
      await readAnswer(await team.call("GET", `/api/invitations/${late.token}/accept`, undefined, null)),
    ).toEqual(invalidLink);
    expect(await readAnswer(await accept(late.token, acceptForm("gus")))).toEqual(invalidLink);
    // Expired, the address may be invited again (the old invitation is revoked on the way).
    expect((await team.invite("gus@example.com", "agent")).token).not.toBe(late.token);
  });

  test("when the workspace requires two-factor authentication, the account is made with it", async () => {
    const admin = await team.staff("NotOwner", "admin");
    expect((await team.call("PUT", "/api/team/settings", { mfaRequired: true }, admin.token)).status).toBe(
      403,
    );
    expect((await team.call("PUT", "/api/team/settings", { mfaRequired: true })).status).toBe(200);
    try {
      const created = await team.invite("hal@example.com", "agent");
      const preview = await readAnswer<{ mfaRequired: boolean }>(
        await team.call("GET", `/api/invitations/${created.token}/accept`, undefined, null),
      );
      expect(preview.body.mfaRequired).toBe(true);
      expect(await readAnswer(await accept(created.token, acceptForm("hal")))).toEqual({
        status: 400,
        body: { error: teamErrors.codeRequired, field: "code" },
      });
      const setup = await readAnswer<{ secret: string; qrCode: string }>(
        await team.call("POST", `/api/invitations/${created.token}/mfa`, undefined, null),
      );
      expect(setup.body.qrCode).toStartWith("data:image/png;base64,");
      expect(
        await readAnswer(await accept(created.token, { ...acceptForm("hal"), code: "000000" })),
      ).toMatchObject({
        status: 400,
      });
      const answer = await accept(created.token, {
        ...acceptForm("hal"),
        code: currentTotp(setup.body.secret),
      });
      expect(answer.status).toBe(201);
      const body = (await answer.json()) as LoginResult & { recoveryCode: string };
      expect(body.user.mfaEnabled).toBe(true);
      expect(body.recoveryCode).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
      const login = await team.call(
        "POST",
        "/api/auth/login",
        { login: "hal", password: "a-good-password" },
        null,
      );
      expect(await readAnswer(login)).toMatchObject({ status: 401, body: { mfaRequired: true } });
    } finally {
      await team.call("PUT", "/api/team/settings", { mfaRequired: false });
    }
  });
});

describe("limits and transports", () => {
  // As shipped (limits on), with a mail transport configured: the link is mailed, never answered.
  const limited = startedBeforeAll(() => startTeamServer({ SMTP_URL: "smtp://127.0.0.1:9" }));

  test("with SMTP the answer carries no link; the signed-out calls of one address are limited", async () => {
    const response = await limited.call("POST", "/api/invitations", {
      email: "ivy@example.com",
      role: "agent",
    });
    expect(response.status).toBe(201);
    expect(Object.keys((await response.json()) as object).sort()).toEqual([
      "email",
      "expiresAt",
      "id",
      "projectIds",
      "role",
    ]);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt++)
      statuses.push(
        (await limited.call("GET", `/api/invitations/guess-${attempt}/accept`, undefined, null)).status,
      );
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    const refused = await limited.call("POST", "/api/invitations/guess/accept", acceptForm("ivy"), null);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
