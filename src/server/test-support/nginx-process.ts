import { existsSync } from "node:fs";
import { chmod, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { terminateChild } from "./child-termination.ts";
import { deployDir } from "./deploy-files.ts";
import { acceptsConnections } from "./tcp-port.ts";

/** Debian's nginx, as the self-hosting guide installs it. */
export const nginxBinary = "/usr/sbin/nginx";

/** The guide's nginx configuration, which the test runs as it is, its example values replaced. */
export const guideNginxConf = join(deployDir, "nginx.conf");

/** What the test puts where the guide's file has example values. */
export interface NginxSite {
  mainHost: string;
  messengerHost: string;
  certFile: string;
  keyFile: string;
  /** The server's PORT and MESSENGER_PORT. */
  mainPort: number;
  messengerPort: number;
  /** Where nginx listens instead of 443 and 80 (on loopback only, both address families). */
  httpsPort: number;
  httpPort: number;
  logDir: string;
}

/**
 * The guide's configuration with the test's values. Each example value must be there: a guide that
 * changed them must change this too, rather than the test running something else than the guide says.
 */
export function renderGuideNginxConf(template: string, site: NginxSite): string {
  const replacements: Array<[string, string]> = [
    ["/etc/letsencrypt/live/gleam.example.com/fullchain.pem", site.certFile],
    ["/etc/letsencrypt/live/gleam.example.com/privkey.pem", site.keyFile],
    ["/etc/letsencrypt/live/gleam-messenger.example.com/fullchain.pem", site.certFile],
    ["/etc/letsencrypt/live/gleam-messenger.example.com/privkey.pem", site.keyFile],
    ["gleam-messenger.example.com", site.messengerHost],
    ["gleam.example.com", site.mainHost],
    ["server 127.0.0.1:3000;", `server 127.0.0.1:${site.mainPort};`],
    ["server 127.0.0.1:3001;", `server 127.0.0.1:${site.messengerPort};`],
    ["listen 443 ssl", `listen 127.0.0.1:${site.httpsPort} ssl`],
    ["listen [::]:443 ssl", `listen [::1]:${site.httpsPort} ssl`],
    ["listen 80;", `listen 127.0.0.1:${site.httpPort};`],
    ["listen [::]:80;", `listen [::1]:${site.httpPort};`],
    ["/var/log/nginx/", `${site.logDir}/`],
  ];
  let rendered = template;
  for (const [example, value] of replacements) {
    if (!rendered.includes(example))
      throw new Error(`deploy/nginx.conf no longer contains "${example}"; update the test with it`);
    rendered = rendered.replaceAll(example, value);
  }
  return rendered;
}

/** The main configuration around the guide's file: Debian's http defaults, every path in `dir`. */
function wrapperConf(dir: string, siteFile: string): string {
  const temp = (name: string) => join(dir, "temp", name);
  return `daemon off;
worker_processes 1;
pid ${join(dir, "nginx.pid")};
error_log ${join(dir, "logs", "error.log")} warn;
events { worker_connections 512; }
http {
    sendfile on;
    tcp_nopush on;
    types_hash_max_size 2048;
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    ssl_prefer_server_ciphers on;
    gzip on;
    access_log off;
    client_body_temp_path ${temp("client_body")};
    proxy_temp_path ${temp("proxy")};
    fastcgi_temp_path ${temp("fastcgi")};
    uwsgi_temp_path ${temp("uwsgi")};
    scgi_temp_path ${temp("scgi")};
    include ${siteFile};
}
`;
}

export interface NginxProcess {
  /** The master process. */
  pid: number;
  /** Milliseconds from the spawn to the first TLS port accepting a connection. */
  startMs: number;
  errorLog(): Promise<string>;
  accessLog(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * As root, nginx runs as `nobody` (setpriv), so the test proves the guide's file needs no privilege
 * but the ports; as another user it runs as that user.
 */
function asUnprivileged(command: string[]): string[] {
  if (process.getuid?.() !== 0) return command;
  return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--", ...command];
}

async function prepareFolder(dir: string): Promise<void> {
  for (const sub of ["logs", "temp"]) await mkdir(join(dir, sub), { recursive: true });
  if (process.getuid?.() !== 0) return;
  const chown = Bun.spawnSync(["chown", "-R", "65534:65534", dir]);
  if (chown.exitCode !== 0) throw new Error(`chown of ${dir} failed: ${chown.stderr.toString()}`);
}

/**
 * Writes the rendered site and its wrapper into `dir` (which must be reachable by `nobody` when run as
 * root), checks them with `nginx -t` and starts nginx in the foreground.
 */
export async function startNginx(dir: string, site: string, httpsPort: number): Promise<NginxProcess> {
  if (!existsSync(nginxBinary))
    throw new Error(
      `${nginxBinary} is missing: run \`npx bun scripts/test-machine/provision.ts\` as root, or \`sudo apt-get install -y nginx\``,
    );
  const siteFile = join(dir, "gleam.conf");
  const mainConf = join(dir, "nginx.conf");
  await Bun.write(siteFile, site);
  await Bun.write(mainConf, wrapperConf(dir, siteFile));
  await prepareFolder(dir);
  await chmod(dir, 0o755);
  const command = [nginxBinary, "-p", dir, "-e", join(dir, "logs", "error.log"), "-c", mainConf];
  const check = Bun.spawnSync(asUnprivileged([...command, "-t", "-q"]), { stderr: "pipe" });
  if (check.exitCode !== 0)
    throw new Error(`nginx -t refused the configuration:\n${check.stderr.toString()}`);
  const started = performance.now();
  const child = Bun.spawn(asUnprivileged(command), { stdout: "ignore", stderr: "pipe" });
  const errorLog = () => Bun.file(join(dir, "logs", "error.log")).text();
  while (!(await acceptsConnections(httpsPort))) {
    if (child.exitCode !== null || performance.now() - started > 10_000) {
      child.kill("SIGKILL");
      throw new Error(
        `nginx did not start:\n${await new Response(child.stderr).text()}\n${await errorLog()}`,
      );
    }
    await Bun.sleep(10);
  }
  const startMs = performance.now() - started;
  return {
    pid: child.pid,
    startMs,
    errorLog,
    accessLog: () => Bun.file(join(dir, "logs", "gleam.access.log")).text(),
    stop: () => terminateChild(child),
  };
}
