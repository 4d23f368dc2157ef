import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { hashSessionToken, SESSION_COOKIE_NAME } from './gate.service';

/** The session token from the signed cookie, or null when absent or tampered with. */
export function readSessionToken(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE_NAME];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
}

/**
 * Session cookies whose signature this process has checked, with their token's hash: checking the
 * signature (an HMAC) and hashing the token cost a tenth of a cached feed page's CPU. A signed value
 * stays valid for as long as the secret does, so a cookie seen before needs neither again; whether
 * its session is still live is asked every time (findViewerBySessionTokenHash).
 */
export class VerifiedSessionCookies {
  readonly #hashes: LRUCache<string, string>;

  constructor(max = 10_000) {
    this.#hashes = new LRUCache({ max });
  }

  /** The hash of the session token in the request's cookie, or null when absent or tampered with. */
  tokenHashOf(request: FastifyRequest): string | null {
    const raw = request.cookies[SESSION_COOKIE_NAME];
    if (!raw) return null;
    const known = this.#hashes.get(raw);
    if (known !== undefined) return known;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return null;
    const tokenHash = hashSessionToken(unsigned.value);
    this.#hashes.set(raw, tokenHash);
    return tokenHash;
  }
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE_NAME, token, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure,
    expires: expiresAt,
  });
}
