import { join } from "node:path";

export interface CertificateFiles {
  certFile: string;
  keyFile: string;
  /** The certificate as PEM: its own authority, for clients that should check it. */
  certPem: string;
}

/**
 * A self-signed certificate for `hostNames` (and the loopback addresses, for clients that connect by
 * address) made by Debian's `openssl` into `dir`, valid for two days: the key protects nothing.
 */
export async function selfSignedCertificate(dir: string, hostNames: string[]): Promise<CertificateFiles> {
  const certFile = join(dir, "cert.pem");
  const keyFile = join(dir, "key.pem");
  const altNames = [...hostNames.map((name) => `DNS:${name}`), "IP:127.0.0.1", "IP:::1"].join(",");
  const run = Bun.spawnSync(
    [
      "openssl",
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "2",
      "-subj",
      `/CN=${hostNames[0] ?? "localhost"}`,
      "-addext",
      `subjectAltName=${altNames}`,
      "-keyout",
      keyFile,
      "-out",
      certFile,
    ],
    { stdout: "pipe", stderr: "pipe", env: { PATH: `${process.env.PATH ?? ""}:/usr/bin` } },
  );
  if (run.exitCode !== 0) throw new Error(`openssl could not make a certificate:\n${run.stderr.toString()}`);
  return { certFile, keyFile, certPem: await Bun.file(certFile).text() };
}
