import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { benchPostgresUrl, withClient } from './postgres';
import { repoRoot } from './child';
import { chromiumPath } from './browser';

export interface Machine {
  cpu: string;
  cores: number;
  ramGb: number;
  node: string;
  postgres: string;
  chromium: string;
  date: string;
  commit: string;
}

function commandOutput(command: string, args: string[]): string | null {
  try {
    return execFileSync(command, args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

async function postgresVersion(): Promise<string> {
  try {
    const version = await withClient(benchPostgresUrl, async (client) => {
      const result = await client.query<{ server_version: string }>('SHOW server_version');
      return result.rows[0]?.server_version ?? 'unknown';
    });
    return `PostgreSQL ${version}`;
  } catch (err) {
    return `unavailable (${err instanceof Error ? err.message : String(err)})`;
  }
}

function gitCommit(): string {
  const commit = commandOutput('git', ['rev-parse', '--short', 'HEAD']) ?? 'unknown';
  const changes = commandOutput('git', ['status', '--porcelain', '--untracked-files=no']);
  return changes ? `${commit} (with uncommitted changes)` : commit;
}

/** What the figures were measured on, for the head of RESULTS.md. */
export async function describeMachine(): Promise<Machine> {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    ramGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    postgres: await postgresVersion(),
    // the Debian wrapper script prints a shell warning on stderr; the version is stdout's only line
    chromium: commandOutput(chromiumPath, ['--version']) ?? `not found at ${chromiumPath}`,
    date: new Date().toISOString(),
    commit: gitCommit(),
  };
}
