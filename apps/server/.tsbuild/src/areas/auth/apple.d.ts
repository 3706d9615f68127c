import type { Config } from '../../config.js';
export interface AppleClaims {
  sub: string;
  email: string | null;
  emailVerified: boolean;
}
/**
 * Verify an Apple identity token against Apple's published keys (the key URL
 * is configurable, so tests use a local key set). Null when it does not verify.
 */
export declare function verifyAppleToken(
  token: string,
  config: Pick<Config, 'appleKeysUrl' | 'appleClientId'>,
): Promise<AppleClaims | null>;
