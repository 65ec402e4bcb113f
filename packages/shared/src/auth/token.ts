/** Reads a JWT's payload without verifying it: the client only needs to know whether to bother the server. */
export function decodeTokenPayload(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const json = new TextDecoder().decode(Uint8Array.from(atob(padded), (char) => char.charCodeAt(0)));
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** SPEC section 5: expired when undecodable, without an exp claim, or exp at or before now. */
export function isTokenExpired(token: string | null | undefined, now: Date = new Date()): boolean {
  if (!token) return true;
  const exp = decodeTokenPayload(token)?.exp;
  if (typeof exp !== 'number') return true;
  return exp * 1000 <= now.getTime();
}
