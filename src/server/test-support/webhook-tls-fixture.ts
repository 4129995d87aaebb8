/**
 * A certificate for `hooks.example.test` (valid 2025 to 2125) and its key, for tests of webhook
 * deliveries over https: a receiver on 127.0.0.1 serves it, and the sender trusts it as its only
 * authority. Made for these tests alone, so the key protects nothing:
 *   openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes …
 *   openssl ca -selfsign -startdate 20250101000000Z -enddate 21250101000000Z …
 *     (subjectAltName DNS:hooks.example.test, CA:FALSE, serverAuth)
 */
export const webhookTlsHost = "hooks.example.test";

export const webhookTlsKey = `
-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgMG2v333wQC+aLwOR
HuDWsX6Dzk/3owXaZAJqx+3KK6ShRANCAARUdR8eM2DLcCjTuAFBa87F8pUdCqPJ
LK4Hc/3AlSscvw4x2b2t0dSo5JVN9tRp4EWoecsiigC5G0gQARQM26zh
-----END PRIVATE KEY-----
`.trim();

export const webhookTlsCert = `
-----BEGIN CERTIFICATE-----
MIIBmzCCAUGgAwIBAgIBATAKBggqhkjOPQQDAjAdMRswGQYDVQQDDBJob29rcy5l
eGFtcGxlLnRlc3QwIBcNMjUwMTAxMDAwMDAwWhgPMjEyNTAxMDEwMDAwMDBaMB0x
GzAZBgNVBAMMEmhvb2tzLmV4YW1wbGUudGVzdDBZMBMGByqGSM49AgEGCCqGSM49
AwEHA0IABFR1Hx4zYMtwKNO4AUFrzsXylR0Ko8ksrgdz/cCVKxy/DjHZva3R1Kjk
lU321GngRah5yyKKALkbSBABFAzbrOGjcDBuMB0GA1UdEQQWMBSCEmhvb2tzLmV4
YW1wbGUudGVzdDAMBgNVHRMBAf8EAjAAMAsGA1UdDwQEAwIHgDATBgNVHSUEDDAK
BggrBgEFBQcDATAdBgNVHQ4EFgQUuzB2SqGFMEHT29szPtxnd5AwwLAwCgYIKoZI
zj0EAwIDSAAwRQIgLCssK5eneGZaUckgSucE5K5CqEe5lp76hmhZqaFTvcMCIQC+
pw/cAx/3vjl5IAm3WCGdiGwfQtvGfNjNh7HzfvGo0Q==
-----END CERTIFICATE-----
`.trim();
