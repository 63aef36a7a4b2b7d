import { execFileSync } from 'node:child_process';
import rootPackage from '../../../package.json' with { type: 'json' };

/**
 * Which CaseBridge this process is: the version of the root package.json, and the commit it was
 * built from. The release build (scripts/release.mjs) writes the commit into the bundle; run from
 * a checkout, it is read from git once, and is null outside a repository.
 */
export type BuildInfo = { version: string; commit: string | null };

/** Replaced by the release build with the commit it built; undefined when run from source. */
declare const CASEBRIDGE_RELEASE_COMMIT: string | undefined;

function readCommit(): string | null {
  if (typeof CASEBRIDGE_RELEASE_COMMIT === 'string') return CASEBRIDGE_RELEASE_COMMIT;
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: import.meta.dirname,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

let build: BuildInfo | null = null;

export function buildInfo(): BuildInfo {
  build ??= { version: rootPackage.version, commit: readCommit() };
  return build;
}
