/**
 * An otpauth URL as a QR code image (a `data:` URL) for an authenticator app to scan. The QR library
 * and its PNG encoder load at the first enrolment rather than at every start: they were a fifth of
 * the server's module loading, and most starts never enrol anyone.
 */
export async function totpQrCode(otpauthUrl: string): Promise<string> {
  const { default: QRCode } = await import("qrcode");
  return QRCode.toDataURL(otpauthUrl);
}
