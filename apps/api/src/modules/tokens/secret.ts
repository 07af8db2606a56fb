import { createHash, randomBytes } from 'node:crypto';

/**
 * A new secret with its prefix (`pst_` for API tokens): 32 random bytes, base64url. Only its
 * SHA-256 is stored; a secret this long needs no slow hash, and a lookup by hash is one index probe.
 */
export function newSecret(prefix = ''): { secret: string; hash: string } {
  const secret = prefix + randomBytes(32).toString('base64url');
  return { secret, hash: hashSecret(secret) };
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
