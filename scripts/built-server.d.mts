import type { ChildProcess, StdioOptions } from 'node:child_process';

export declare const CHROMIUM_ARGS: string[];

export declare function spawnBuiltServer(options: {
  port: number;
  dataDir: string;
  /** PostgreSQL's address; none: the embedded database in dataDir. */
  databaseUrl?: string;
  buildDir: string;
  /** More variables, or ones that replace the defaults. */
  env?: Record<string, string>;
  stdio: StdioOptions;
}): ChildProcess;
