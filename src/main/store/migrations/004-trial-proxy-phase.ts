// Schema version 4: trials measured through a proxy.
// - proxy_ms: the time to get the tunnel (the proxy's answer to CONNECT, or the
//   SOCKS handshake), its own phase between connect_ms (TCP to the proxy) and
//   tls_ms (TLS with the provider through the tunnel), so that a slow proxy is
//   not mistaken for a slow provider.
// - proxy: which proxy the trial went through, as scheme://host:port, never
//   with its credentials.
// Both are null without a proxy, on a reused connection (proxy_ms), and for
// trials measured before this version.

export const sql = `
ALTER TABLE trials ADD COLUMN proxy_ms REAL;
ALTER TABLE trials ADD COLUMN proxy TEXT;
`;
