import { SMTPServer } from "smtp-server";

/** A mail as the catcher received it: its envelope's recipients and its raw text. */
export interface CaughtMail {
  to: string[];
  data: string;
}

/**
 * A real SMTP server on loopback that keeps every mail it is sent, for tests whose server delivers
 * its outbox to `smtp://127.0.0.1:{port}`.
 */
export async function startSmtpCatcher(): Promise<{
  port: number;
  received: CaughtMail[];
  close(): Promise<void>;
}> {
  const received: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => {
        data += chunk.toString("utf8");
      });
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  return {
    port: (smtp.server.address() as { port: number }).port,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
