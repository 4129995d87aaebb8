import { SMTPServer } from "smtp-server";

/** A mail as the catcher received it: its envelope's sender and recipients, and its raw text. */
export interface CaughtMail {
  from: string;
  to: string[];
  data: string;
}

/**
 * A real SMTP server on loopback that keeps every mail it is sent, for tests whose server delivers
 * its outbox to `smtp://127.0.0.1:{port}`. While `refuses()` says so it answers every mail as a mailbox
 * that is unavailable, for tests of how a refusal is kept.
 */
export async function startSmtpCatcher(refuses: () => boolean = () => false): Promise<{
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
        if (refuses()) return callback(new Error("Mailbox unavailable"));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          data,
        });
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
