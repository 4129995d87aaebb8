import { describe, expect, test } from "bun:test";
import type { AdminOutbound } from "../../../shared/inbox-api.ts";
import type { AdminNewsPost, NewsPost } from "../../../shared/news-api.ts";
import type { TipTapDoc, TipTapNode } from "../../../shared/tiptap-doc.ts";
import { startMessengerTest } from "../../test-support/messenger-test-support.ts";
import { openSocket, ping } from "../../test-support/outbound-test-support.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";

/**
 * Bodies a visitor reads are written in the rich-text editor as TipTap documents. Every
 * write path checks a document's shape (400 naming the field, nothing written), and what visitors
 * get is HTML inside the server's allow-list.
 */

const t = startedBeforeAll(startMessengerTest);

const text = (value: string, marks: TipTapNode["marks"] = []): TipTapNode =>
  marks.length > 0 ? { type: "text", text: value, marks } : { type: "text", text: value };

/** What the editor writes, plus what the allow-list narrows: an h1 and a link that asks for a new tab. */
const article: TipTapDoc = {
  type: "doc",
  content: [
    { type: "heading", attrs: { level: 1 }, content: [text("Offline spaces")] },
    {
      type: "paragraph",
      content: [
        text("Work "),
        text("without", [{ type: "bold" }]),
        text(" a network, see "),
        text("the docs", [{ type: "link", attrs: { href: "https://example.com/docs", target: "_blank" } }]),
        text(" or "),
        text("<script>alert(1)</script>", [{ type: "code" }]),
      ],
    },
    { type: "image", attrs: { src: "https://cdn.example/shot.png", alt: 'A "shot"', title: null } },
  ],
};

const servedArticle =
  "<h2>Offline spaces</h2><p>Work <strong>without</strong> a network, see " +
  '<a href="https://example.com/docs" rel="noopener noreferrer nofollow">the docs</a> or <code>&lt;script&gt;alert(1)&lt;/script&gt;</code></p>' +
  '<img src="https://cdn.example/shot.png" alt="A &quot;shot&quot;">';

const withNode = (node: unknown) => ({ type: "doc", content: [node] });
const badDocs: Array<[string, unknown, string]> = [
  [
    "an iframe node",
    withNode({ type: "iframe", attrs: { src: "https://evil.example" } }),
    'unknown node type "iframe"',
  ],
  [
    "a javascript: link",
    withNode({
      type: "paragraph",
      content: [
        { type: "text", text: "x", marks: [{ type: "link", attrs: { href: "javascript:alert(1)" } }] },
      ],
    }),
    "must link to a web, mail or relative address",
  ],
  [
    "an inline data: image",
    withNode({ type: "image", attrs: { src: "data:image/png;base64,AA" } }),
    "http(s)",
  ],
  ["no document at all", { type: "paragraph" }, "must be a TipTap document"],
];

describe("news bodies", () => {
  test("a document is kept as written for the editor, and visitors get it as allowed HTML", async () => {
    const post = await t.create<AdminNewsPost>("/news", {
      title: "Rich news",
      body: "",
      bodyDoc: article,
      status: "live",
    });
    expect(post.bodyDoc).toEqual(article);
    expect(post.body).toBe(servedArticle);
    expect((await t.adminGet<AdminNewsPost>(`/news/${post.id}`)).bodyDoc).toEqual(article);

    const session = await t.session();
    const served = await t.widgetGet<NewsPost>(session, `/news/${post.id}`);
    expect(served.body).toBe(servedArticle);
    expect(served).not.toHaveProperty("bodyDoc");
  });

  test("a post written as HTML (before the editor, or by API) keeps its cleaned HTML and no document", async () => {
    const post = await t.create<AdminNewsPost>("/news", {
      title: "Old news",
      body: '<h2>Old</h2><p onclick="x()">Text<script>alert(1)</script></p>',
      status: "draft",
    });
    expect(post).toMatchObject({ body: "<h2>Old</h2><p>Text</p>", bodyDoc: null });
    // Saved again from the editor, the document takes over.
    const edited = await t.admin<AdminNewsPost>(
      "PUT",
      `/news/${post.id}`,
      { title: "Old news", body: "", bodyDoc: article, status: "draft" },
      200,
    );
    expect(edited).toMatchObject({ body: servedArticle, bodyDoc: article });
  });

  test.each(badDocs)(
    "%s is refused with 400 naming bodyDoc, and nothing is written",
    async (_, bodyDoc, message) => {
      const title = `Refused ${message}`;
      const created = await t.api.call("POST", `/api/projects/${t.projectId}/news`, {
        title,
        body: "",
        bodyDoc,
        status: "draft",
      });
      expect(created.status).toBe(400);
      const error = (await created.json()) as { error: string; field: string };
      expect(error.field).toBe("bodyDoc");
      expect(error.error).toContain(message);
      const listed = await t.adminGet<{ total: number }>(`/news?q=${encodeURIComponent(title)}`);
      expect(listed.total).toBe(0);

      const post = await t.create<AdminNewsPost>("/news", {
        title: "Kept",
        body: "<p>Kept</p>",
        status: "draft",
      });
      const updated = await t.api.call("PUT", `/api/projects/${t.projectId}/news/${post.id}`, {
        title: "Changed",
        body: "",
        bodyDoc,
        status: "live",
      });
      expect(updated.status).toBe(400);
      expect(await t.adminGet(`/news/${post.id}`)).toMatchObject({
        title: "Kept",
        body: "<p>Kept</p>",
        status: "draft",
      });
    },
  );
});

describe("outbound bodies", () => {
  const configs: Array<[string, (doc: unknown) => Record<string, unknown>, string]> = [
    ["banner", (doc) => ({ title: "Banner", body: doc }), "config.body"],
    ["modal", (doc) => ({ title: "Modal", body: doc }), "config.body"],
    ["notification", (doc) => ({ text: doc }), "config.text"],
    [
      "checklist",
      (doc) => ({ steps: [{ id: "one", title: "One", description: doc }] }),
      "config.steps.0.description",
    ],
    ["tour", (doc) => ({ steps: [{ selector: "#a", message: doc }] }), "config.steps.0.message"],
  ];

  test.each(configs)(
    "a %s with a malformed document is refused, naming the field",
    async (type, config, field) => {
      for (const [, doc, message] of badDocs) {
        const name = `Refused ${type}`;
        const response = await t.api.call("POST", `/api/projects/${t.projectId}/outbounds`, {
          type,
          name,
          config: config(doc),
        });
        expect(response.status).toBe(400);
        const error = (await response.json()) as { error: string; field: string };
        expect(error.field).toBe(field);
        expect(error.error).toContain(message);
      }
      const listed = await t.admin<{ total: number }>(
        "GET",
        `/outbounds?type=${type}&q=${encodeURIComponent(`Refused ${type}`)}`,
        undefined,
        200,
      );
      expect(listed.total).toBe(0);
      // The same config with a document the editor writes is taken and stored as written.
      const stored = await t.create<AdminOutbound>("/outbounds", {
        type,
        name: `Rich ${type}`,
        config: config(article),
      });
      expect(JSON.stringify(stored.config)).toContain('"type":"doc"');
    },
  );

  test("a published banner and notification reach the widget as allowed HTML, the name filled in escaped", async () => {
    const session = await t.session();
    await t.widgetJson(session, "POST", "/sessions/identify", { userId: "rich-1", name: "<b>Ada</b>" }, 200);
    expect((await ping(t.mainUrl, session, "https://host.example/rich-bodies")).status).toBe(200);
    const socket = await openSocket(t.mainUrl, session);
    try {
      const greeting: TipTapDoc = {
        type: "doc",
        content: [
          { type: "paragraph", content: [text("Hi {{name}}, "), text("welcome", [{ type: "italic" }])] },
        ],
      };
      for (const [type, config] of [
        ["banner", { title: "Rich", body: article }],
        ["notification", { text: greeting }],
      ] as const) {
        const outbound = await t.create<AdminOutbound>("/outbounds", {
          type,
          name: `Served ${type}`,
          config,
          pageFilter: "/rich-bodies",
          pageFilterType: "contains",
        });
        await t.admin("POST", `/outbounds/${outbound.id}/publish`, undefined, 200);
      }
      const seen: Record<string, Record<string, unknown>> = {};
      while (Object.keys(seen).length < 2) {
        const push = (await socket.next()) as {
          name: string;
          data: { a: Array<{ actionType: string; data: Record<string, unknown> }> };
        };
        if (push.name !== "update") continue;
        for (const action of push.data.a) seen[action.actionType] = action.data;
      }
      expect(seen.banner?.body).toBe(servedArticle);
      expect(seen.notification?.text).toBe("<p>Hi &lt;b&gt;Ada&lt;/b&gt;, <em>welcome</em></p>");
    } finally {
      socket.close();
    }
  });
});
