import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { chmod, mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "./config.ts";
import { readGuideEnv } from "./test-support/deploy-files.ts";
import { writeFixtureDist } from "./test-support/fixture-dist.ts";
import { freeLoopbackPorts } from "./test-support/free-ports.ts";
import {
  guideNginxConf,
  type NginxProcess,
  renderGuideNginxConf,
  startNginx,
} from "./test-support/nginx-process.ts";
import { type CertificateFiles, selfSignedCertificate } from "./test-support/self-signed-certificate.ts";
import { type ServerProcess, startServerProcess } from "./test-support/server-process.ts";
import { processTestTimeoutMs } from "./test-support/test-timeouts.ts";

// Starts nginx and the server as processes: the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

/**
 * The self-hosting guide's nginx part, for real: Debian's nginx runs `deploy/nginx.conf` (its
 * example names, ports and certificate paths replaced) with a self-signed certificate, in front of
 * `npm start`'s server configured from `deploy/gleam.env`, and a visitor, an admin and the
 * messenger origin are served over HTTPS through it. Clients connect to nginx over IPv6 loopback and
 * nginx to the server over IPv4, so the address the server uses shows whose it is.
 */
const mainHost = "gleam.test";
const messengerHost = "messenger.gleam.test";
const nginxSeesClientAs = "::1";
/** What a client writes in its own X-Forwarded-For: never believed. */
const forgedAddress = "203.0.113.7";

interface Setup {
  workDir: string;
  cert: CertificateFiles;
  nginx: NginxProcess;
  server: ServerProcess;
  mainPort: number;
  httpsPort: number;
  httpPort: number;
  dataDir: string;
}
let setup: Setup;

async function startAll(): Promise<Setup> {
  const workDir = await mkdtemp(join(tmpdir(), "nginx-tls-"));
  // nginx runs as nobody when the test runs as root: it may pass through, not read, this folder.
  await chmod(workDir, 0o711);
  const nginxDir = join(workDir, "nginx");
  await mkdir(nginxDir);
  const cert = await selfSignedCertificate(nginxDir, [mainHost, messengerHost]);
  const [mainPort = 0, messengerPort = 0, httpsPort = 0, httpPort = 0] = freeLoopbackPorts(4);
  const site = renderGuideNginxConf(await Bun.file(guideNginxConf).text(), {
    mainHost,
    messengerHost,
    certFile: cert.certFile,
    keyFile: cert.keyFile,
    mainPort,
    messengerPort,
    httpsPort,
    httpPort,
    logDir: join(nginxDir, "logs"),
  });
  const nginx = await startNginx(nginxDir, site, httpsPort);
  const distDir = join(workDir, "dist");
  await writeFixtureDist(distDir);
  const dataDir = join(workDir, "data");
  const server = await startServerProcess({
    ...(await readGuideEnv()),
    PORT: String(mainPort),
    MESSENGER_PORT: String(messengerPort),
    PUBLIC_URL: `https://${mainHost}:${httpsPort}`,
    MESSENGER_URL: `https://${messengerHost}:${httpsPort}`,
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    // The demo admin and project, as `npm start` seeds them; no captcha for a scripted sign-in.
    SEED_DEMO: "1",
    DEMO_DATA: "minimal",
    CAPTCHA_PROVIDER: "off",
  }).catch(async (error: unknown) => {
    await nginx.stop();
    throw error;
  });
  return { workDir, cert, nginx, server, mainPort, httpsPort, httpPort, dataDir };
}

beforeAll(async () => {
  setup = await startAll();
});

afterAll(async () => {
  await setup?.server.stop();
  await setup?.nginx.stop();
  if (setup) await rm(setup.workDir, { recursive: true, force: true });
});

/** A request to nginx's TLS port for `host`, the certificate checked against that name. */
function overTls(host: string, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`https://[${nginxSeesClientAs}]:${setup.httpsPort}${path}`, {
    ...init,
    headers: { Host: host, "X-Forwarded-For": forgedAddress, ...(init.headers as Record<string, string>) },
    tls: { ca: setup.cert.certPem, serverName: host },
  });
}

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json", ...headers },
  body: JSON.stringify(body),
});

interface Pushes {
  socket: WebSocket;
  /** The first push named `name` received so far or within 5 s. */
  next(name: string): Promise<{ name: string; data: unknown }>;
}

/** Bun's WebSocket takes headers and TLS options; the DOM library's constructor type does not say so. */
const BunWebSocket = WebSocket as unknown as new (url: string, options: Bun.WebSocketOptions) => WebSocket;

/** A websocket through nginx's TLS port, collecting every JSON push it receives. */
async function openSocket(path: string): Promise<Pushes> {
  const socket = new BunWebSocket(`wss://[${nginxSeesClientAs}]:${setup.httpsPort}${path}`, {
    headers: { Host: mainHost },
    tls: { ca: setup.cert.certPem, serverName: mainHost },
  });
  const received: Array<{ name: string; data: unknown }> = [];
  socket.addEventListener("message", (event) => {
    const text = String(event.data);
    if (text.startsWith("{")) received.push(JSON.parse(text));
  });
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    // The path alone: its query holds a token.
    const where = path.split("?")[0];
    socket.addEventListener("error", () => reject(new Error(`${where} did not open through nginx`)), {
      once: true,
    });
  });
  return {
    socket,
    async next(name) {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const found = received.find((push) => push.name === name);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`No ${name} push; got ${received.map((push) => push.name).join(", ")}`);
        await Bun.sleep(20);
      }
    },
  };
}

/** Whether `check` comes true within 3 s. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 3_000;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await Bun.sleep(20);
  }
  return true;
}

describe("the guide's files", () => {
  test("nginx runs them without root", async () => {
    const status = await Bun.file(`/proc/${setup.nginx.pid}/status`).text();
    const uid = /^Uid:\s+(\d+)/m.exec(status)?.[1];
    expect(uid).not.toBe("0");
  });

  test("the environment file is a valid configuration that trusts nginx on loopback", async () => {
    const config = loadConfig(await readGuideEnv());
    expect(config.host).toBe("127.0.0.1");
    expect(config.trustedProxies).toContain("127.0.0.1");
    expect(config.seedDemo).toBe(false);
  });
});

describe("behind the guide's nginx, over HTTPS", () => {
  test("plain HTTP is sent to HTTPS, for both host names", async () => {
    for (const host of [mainHost, messengerHost]) {
      const response = await fetch(`http://127.0.0.1:${setup.httpPort}/dashboard?x=1`, {
        headers: { Host: host },
        redirect: "manual",
      });
      expect(response.status).toBe(301);
      expect(response.headers.get("location")).toBe(`https://${host}/dashboard?x=1`);
    }
  });

  test("each host name reaches its own origin, with HSTS and one request id in both logs", async () => {
    const admin = await overTls(mainHost, "/");
    expect(admin.status).toBe(200);
    expect(admin.headers.get("strict-transport-security")).toBe("max-age=63072000");
    expect(await admin.text()).toContain("/assets/admin-main-abcd1234.js");
    const messenger = await overTls(messengerHost, "/");
    expect(messenger.status).toBe(200);
    expect(messenger.headers.get("content-security-policy")).toContain("frame-ancestors");
    expect(await messenger.text()).toContain("/assets/messenger-main-abcd1234.js");
    const health = await overTls(mainHost, "/healthz");
    expect(await health.json()).toMatchObject({ status: "ok" });
    // nginx's $request_id is passed on and echoed by the server: access log and server log line up.
    const requestId = health.headers.get("x-request-id") ?? "";
    expect(requestId).toMatch(/^[0-9a-f]{32}$/);
    // nginx writes the line once the answer is sent.
    expect(await eventually(async () => (await setup.nginx.accessLog()).includes(requestId))).toBe(true);
  });
});

interface Visitor {
  headers: Record<string, string>;
  pushes: Pushes;
}

/** A widget session started through nginx, with its socket open. */
async function startVisitor(): Promise<Visitor> {
  const started = await overTls(
    mainHost,
    "/api/widget/sessions",
    json({ lang: "en" }, { "Api-Token": "demo" }),
  );
  expect(started.status).toBe(200);
  const { gleapId, gleapHash } = (await started.json()) as { gleapId: string; gleapHash: string };
  const query = new URLSearchParams({ gleapId, gleapHash, apiKey: "demo", sdkVersion: "14.6.7" });
  const pushes = await openSocket(`/api/widget/ws?${query}`);
  return { headers: { "Api-Token": "demo", "Gleap-Id": gleapId, "Gleap-Hash": gleapHash }, pushes };
}

async function signInAdmin(): Promise<string> {
  const response = await overTls(
    mainHost,
    "/api/auth/login",
    json({ login: "admin@example.com", password: "admin" }),
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function postReport(visitor: Visitor, description: string): Promise<string> {
  const response = await overTls(
    mainHost,
    "/api/widget/bugs/v2",
    json({ formData: { description } }, visitor.headers),
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

describe("a visitor and an admin through nginx", () => {
  test("a report reaches the admin's socket, the admin reads it and the reply reaches the visitor's socket", async () => {
    const token = await signInAdmin();
    const staff = await openSocket(`/api/admin/ws?token=${encodeURIComponent(token)}`);
    const visitor = await startVisitor();
    const id = await postReport(visitor, "The checkout button does nothing");
    const created = await staff.next("report-created");
    expect(created.data).toMatchObject({ id });
    const auth = { Authorization: `Bearer ${token}` };
    const read = await overTls(mainHost, `/api/feedback/${id}`, { headers: auth });
    expect(read.status).toBe(200);
    expect(await read.text()).toContain("The checkout button does nothing");
    const reply = await overTls(mainHost, `/api/feedback/${id}/reply`, json({ text: "Fixed, thanks" }, auth));
    expect(reply.status).toBe(201);
    const message = await visitor.pushes.next("conversation-message");
    expect(JSON.stringify(message.data)).toContain("Fixed, thanks");
    staff.socket.close();
    visitor.pushes.socket.close();
  });

  test("a 3 MB screen recording passes nginx's body limit and is served from the messenger host", async () => {
    const visitor = await startVisitor();
    visitor.pushes.socket.close();
    const recording = new Uint8Array(3 * 1024 * 1024);
    recording.set([0x1a, 0x45, 0xdf, 0xa3]);
    for (let index = 4; index < recording.length; index += 4096) recording[index] = index % 251;
    const form = new FormData();
    form.append("file", new Blob([recording], { type: "video/webm" }), "recording.webm");
    const upload = await overTls(mainHost, "/api/widget/uploads/sdk", {
      method: "POST",
      headers: visitor.headers,
      body: form,
    });
    expect(upload.status).toBe(200);
    const { fileUrl } = (await upload.json()) as { fileUrl: string };
    const prefix = `https://${messengerHost}:${setup.httpsPort}/api/files/uploads/`;
    expect(fileUrl).toStartWith(prefix);
    const path = new URL(fileUrl).pathname;
    const served = await overTls(messengerHost, path);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(recording);
    const part = await overTls(messengerHost, path, { headers: { Range: "bytes=0-3" } });
    expect(part.status).toBe(206);
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
  });

  test("the server counts a client by the address nginx saw, not nginx's and not a forged one", async () => {
    const visitor = await startVisitor();
    visitor.pushes.socket.close();
    await postReport(visitor, "counted by address");
    const wrongPassword = await overTls(
      mainHost,
      "/api/auth/login",
      json({ login: "nobody@example.com", password: "wrong" }),
    );
    expect(wrongPassword.status).toBe(401);
    const database = new Database(join(setup.dataDir, "app.sqlite"), { readonly: true });
    try {
      const keys = [
        ...database.query<{ key: string }, []>("SELECT key FROM report_quota_usage").all(),
        ...database.query<{ key: string }, []>("SELECT key FROM rate_limit_counters").all(),
      ].map((row) => row.key);
      // The widget API (a report's quota) and the platform API (a failed sign-in) both.
      expect(keys.some((key) => key.startsWith(`ip:${nginxSeesClientAs}:`))).toBe(true);
      expect(keys).toContain(`login-ip:${nginxSeesClientAs}`);
      expect(keys.filter((key) => key.includes("127.0.0.1") || key.includes(forgedAddress))).toEqual([]);
    } finally {
      database.close();
    }
  });
});

describe("figures", () => {
  test("nginx starts fast and adds little to a request", async () => {
    const median = async (request: () => Promise<Response>) => {
      const times: number[] = [];
      for (let run = 0; run < 40; run++) {
        const started = performance.now();
        const response = await request();
        await response.arrayBuffer();
        expect(response.status).toBe(200);
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b)[times.length / 2] ?? 0;
    };
    const direct = await median(() => fetch(`http://127.0.0.1:${setup.mainPort}/healthz`));
    const proxied = await median(() => overTls(mainHost, "/healthz"));
    console.log(
      `nginx: started in ${setup.nginx.startMs.toFixed(0)} ms; GET /healthz median ${direct.toFixed(2)} ms direct, ${proxied.toFixed(2)} ms through nginx and TLS`,
    );
    expect(setup.nginx.startMs).toBeLessThan(5_000);
    expect(proxied).toBeLessThan(100);
    expect(await setup.nginx.errorLog()).not.toContain("[error]");
  });
});
