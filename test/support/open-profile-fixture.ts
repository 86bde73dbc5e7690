import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createHookEngine, type HookEngine } from "../../src/engine/engine.js";
import type { ProfileName } from "../../src/profiles/profiles.js";
import { copyFixture } from "./copy-fixture.js";
import { createTestWorkspace } from "./create-test-workspace.js";

/** An engine on a copied profile fixture tree, with what its hook scripts logged. */
export interface ProfileFixture {
  root: string;
  project: string;
  engine: HookEngine;
  /** The lines the fixture's hook scripts appended to `$HOOK_LOG`. */
  readLog: () => string[];
}

/**
 * Copies `test/fixtures/<fixture>` (its `project` and `home` folders; `gitRoots` made git
 * repositories) and opens a `profile` engine on it whose hooks log to `$HOOK_LOG`.
 */
export async function openProfileFixture(
  profile: ProfileName,
  fixture: string,
  sessionId: string,
  gitRoots: readonly string[] = [],
): Promise<ProfileFixture> {
  const root = copyFixture(fixture, createTestWorkspace(fixture).root, gitRoots);
  const project = join(root, "project");
  const log = join(root, "hooks.log");
  const engine = await createHookEngine({
    profile,
    cwd: project,
    home: join(root, "home"),
    env: { PATH: process.env.PATH, HOOK_LOG: log },
    sessionId,
  });
  const readLog = () => readFileSync(log, "utf8").trim().split("\n");
  return { root, project, engine, readLog };
}
