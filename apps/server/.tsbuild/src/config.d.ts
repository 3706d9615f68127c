/** Typed configuration; the only reader of process.env (DECISIONS §11). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  publicUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  chromiumPath: string;
  secretKey: string | null;
  production: boolean;
  appleKeysUrl: string;
  appleClientId: string;
  webDist: string;
  /** Whether the server logs each request (off in tests). */
  logRequests: boolean;
}
export declare function loadConfig(env?: NodeJS.ProcessEnv): Config;
