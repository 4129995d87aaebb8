import { expect, setDefaultTimeout, test } from "bun:test";
import type { Conversation, ConversationMessage } from "../../../shared/conversations-api.ts";
import { conversationMessagePush } from "../../test-support/conversation-message-push.ts";
import {
  call,
  demoProjectId,
  nextBesidesCount,
  openSocket,
  startSession,
} from "../../test-support/outbound-test-support.ts";
import { startRedisServerPair } from "../../test-support/redis-process.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";
import type { TestServer } from "../../test-support/test-server.ts";
import { processTestTimeoutMs } from "../../test-support/test-timeouts.ts";

// Starts whole processes: the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

// Two server processes behind one balancer: the staff reply is written through one, the visitor's
// socket is held by the other, and the push crosses over through Redis.
let first: TestServer;
let second: TestServer;
startBeforeAll(startRedisServerPair, (pair) => {
  ({ first, second } = pair);
});

test("a staff reply through one server reaches the visitor's socket on the other", async () => {
  const session = await startSession(second.mainUrl);
  const started = await call(second.mainUrl, session, "POST", "/conversations", { text: "Across servers?" });
  const { shareToken } = (await started.json()) as Conversation;
  const [row] = await first.db.sql`SELECT id FROM conversations WHERE share_token = ${shareToken}`;
  const login = await fetch(`${first.mainUrl}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ login: "admin", password: "admin" }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };

  const socket = await openSocket(second.mainUrl, session);
  try {
    const projectId = await demoProjectId(first.db.sql);
    const reply = await fetch(
      `${first.mainUrl}/api/projects/${projectId}/conversations/${row?.id}/messages`,
      {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ text: "Yes!" }),
      },
    );
    expect(reply.status).toBe(201);
    const message = (await reply.json()) as ConversationMessage;
    expect(await nextBesidesCount(socket)).toEqual(conversationMessagePush(shareToken, message, 1));
    expect(await nextBesidesCount(socket)).toMatchObject({
      name: "update",
      data: {
        a: [{ actionType: "notification", outbound: message.id, data: { conversation: { shareToken } } }],
        u: 1,
      },
    });
  } finally {
    socket.close();
  }
});
