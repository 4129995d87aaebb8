import nodemailer from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import type { ServerConfig } from "../../config.ts";
import { maskedUrl } from "../command-database.ts";
import { type CheckLine, ok, problem } from "./check-line.ts";

const name = "smtp";

/**
 * The SMTP settings as the mail dispatcher will use them: the URL parses into a host (and a port), and
 * MAIL_FROM is one address. The server is not contacted: a check must not send mail, and many relays
 * accept a connection only from the host that serves.
 */
export function checkSmtp(smtp: ServerConfig["smtp"]): CheckLine {
  if (!smtp) return ok(name, "SMTP_URL not set: mail stays in the mail_outbox table");
  let url: URL;
  try {
    url = new URL(smtp.url);
  } catch {
    return problem(name, "SMTP_URL does not parse as a URL");
  }
  const where = maskedUrl(smtp.url);
  if (url.hostname === "") return problem(name, `SMTP_URL ${where} names no host`);
  if (url.port !== "" && (Number(url.port) < 1 || Number(url.port) > 65535))
    return problem(name, `SMTP_URL ${where} has no valid port`);
  const from = addressparser(smtp.from, { flatten: true });
  if (from.length !== 1 || !/^[^\s@]+@[^\s@]+$/.test(from[0]?.address ?? ""))
    return problem(name, `MAIL_FROM must be one address ("Name <name@example.org>"), got "${smtp.from}"`);
  try {
    nodemailer.createTransport(smtp.url).close();
  } catch (error) {
    return problem(name, `SMTP_URL ${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return ok(name, `${where}, from ${from[0]?.address} (settings parsed; the server was not contacted)`);
}
