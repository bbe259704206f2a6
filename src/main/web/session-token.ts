// The per-launch secret that stands between the keys in the OS keychain and
// any other program or web page on this machine: 32 random bytes, made anew
// each time `lasttoken web` starts, compared in constant time.

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export function createSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Compares the digests, which have one length whatever was sent: comparing the
 * strings themselves would tell an attacker, by its timing, how much was right.
 */
export function isSessionToken(candidate: string, token: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(candidate), digest(token));
}
