import argon2 from 'argon2';

// argon2id with the library's defaults (m=64 MiB, t=3, p=4): OWASP's recommended family (DESIGN.md).
export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false; // a malformed stored hash never grants access
  }
}
