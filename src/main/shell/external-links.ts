// Which links leave the app for the system browser. The window never navigates
// away from its own page and never opens another window (src/main/index.ts);
// a web link the user follows opens in their browser instead. Anything that is
// not plain http(s) (file:, javascript:, data:, another app's custom scheme)
// could run or open something on this machine, so it is refused.

/** The URL to hand to the system browser, or null when the link must not leave the app. */
export function browserUrl(link: string): string | null {
  if (!URL.canParse(link)) return null;
  const url = new URL(link);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // user:password@host is a phishing device ("https://bank.com@evil.example"), never a link we show.
  if (url.username !== '' || url.password !== '') return null;
  return url.href;
}
