// The renderer's Content-Security-Policy. Main sends it as a response header and
// src/renderer/index.html carries the same production policy in a meta tag
// (a file:// page gets no response headers; tests/unit check the two agree).

export interface CspOptions {
  /**
   * `electron-vite dev` only: @vitejs/plugin-react injects its Fast Refresh
   * preamble as an inline script, which `script-src 'self'` would block.
   * A built app never has inline scripts.
   */
  dev: boolean;
}

export function contentSecurityPolicy({ dev }: CspOptions): string {
  return [
    "default-src 'self'",
    dev ? "script-src 'self' 'unsafe-inline'" : "script-src 'self'",
    // Inline styles cannot run code; Vite injects CSS as <style> elements in dev,
    // and React and chart libraries set style attributes on the elements they draw.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * Response headers with the policy set, replacing any policy the response had
 * (header names are case-insensitive).
 */
export function withContentSecurityPolicy(
  headers: Readonly<Record<string, string[]>> | undefined,
  policy: string,
): Record<string, string[]> {
  const kept = Object.entries(headers ?? {}).filter(
    ([name]) => name.toLowerCase() !== 'content-security-policy',
  );
  return { ...Object.fromEntries(kept), 'Content-Security-Policy': [policy] };
}
