import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

/**
 * Whether an upgrade request carries the session token, as `Authorization: Bearer <token>` or a
 * `token` query parameter; compared in constant time.
 */
export function checkRequestToken(request: IncomingMessage, expected: string): boolean {
  const given = readRequestToken(request);
  if (given === null) return false;
  // Hashing first gives equal lengths, which timingSafeEqual needs, without leaking the length.
  const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function readRequestToken(request: IncomingMessage): string | null {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match?.[1] ?? null;
  }
  try {
    return new URL(request.url ?? "/", "http://localhost").searchParams.get("token");
  } catch {
    return null;
  }
}
