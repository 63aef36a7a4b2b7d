import { chmod, mkdir, mkdtemp, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { secureDataDir } from './data-dir-permissions.ts';

const modeOf = async (target: string) => (await stat(target)).mode & 0o777;

describe('secureDataDir', () => {
  const roots: string[] = [];
  afterEach(async () => {
    await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
  });
  const tempRoot = async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'casebridge-perm-'));
    roots.push(root);
    return root;
  };

  it('makes an existing 0755 data directory and everything in it owner-only', async () => {
    const dataDir = path.join(await tempRoot(), 'data');
    await mkdir(path.join(dataDir, 'pgdata', 'base'), { recursive: true });
    await writeFile(path.join(dataDir, 'pgdata', 'base', '1259'), 'rows');
    await writeFile(path.join(dataDir, 'auth-secret'), 'secret');
    await chmod(dataDir, 0o755);
    await chmod(path.join(dataDir, 'pgdata'), 0o755);
    await chmod(path.join(dataDir, 'pgdata', 'base', '1259'), 0o666);
    await chmod(path.join(dataDir, 'auth-secret'), 0o644);

    expect(await secureDataDir(dataDir)).toBeGreaterThanOrEqual(4);
    expect(await modeOf(dataDir)).toBe(0o700);
    expect(await modeOf(path.join(dataDir, 'pgdata'))).toBe(0o700);
    expect(await modeOf(path.join(dataDir, 'pgdata', 'base'))).toBe(0o700);
    expect(await modeOf(path.join(dataDir, 'pgdata', 'base', '1259'))).toBe(0o600);
    expect(await modeOf(path.join(dataDir, 'auth-secret'))).toBe(0o600);
    // A second start finds nothing to tighten.
    expect(await secureDataDir(dataDir)).toBe(0);
  });

  it('creates a missing data directory owner-only, and leaves links alone', async () => {
    const root = await tempRoot();
    const dataDir = path.join(root, 'new', 'data');
    expect(await secureDataDir(dataDir)).toBe(0);
    expect(await modeOf(dataDir)).toBe(0o700);
    const outside = path.join(root, 'outside.txt');
    await writeFile(outside, 'not ours');
    await chmod(outside, 0o644);
    await symlink(outside, path.join(dataDir, 'link'));
    await secureDataDir(dataDir);
    expect(await modeOf(outside)).toBe(0o644);
  });
});
