export declare const hashPassword: (password: string) => Promise<string>;
export declare function verifyPassword(stored: string | null, password: string): Promise<boolean>;
export declare const sha256: (s: string) => string;
/** A fresh random token (256 bits) and the hash that is stored in its place. */
export declare function newToken(): {
  token: string;
  hash: string;
};
/** Seals secrets (SMTP and PayFast passwords) with AES-256-GCM. */
export interface Sealer {
  seal(plain: string): string;
  open(sealed: string): string;
}
export declare function createSealer(key: Buffer): Sealer;
/** SECRET_KEY when set, otherwise a key generated once into the data directory. */
export declare function loadSecretKey(configured: string | null, dataDir: string): Buffer;
