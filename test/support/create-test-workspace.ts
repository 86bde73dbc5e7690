import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, onTestFinished } from "vitest";
import {
  findWorkspaceProcesses,
  markProcessStart,
  type WorkspaceProcess,
} from "./find-workspace-processes.js";

/** A temporary folder for one test (or one test file), removed with its contents at the end. */
export interface TestWorkspace {
  /** The folder, as a real path (symbolic links resolved), so it compares equal to what handlers see. */
  readonly root: string;
  /** `<root>/home`, a folder to pass as an engine's `home` (created when first read). */
  readonly home: string;
  /** `<root>/project`, a folder to pass as an engine's `cwd` (created when first read). */
  readonly project: string;
  /** The absolute path of `segments` inside the workspace (nothing is created). */
  path(...segments: string[]): string;
  /** Creates the folder `segments` inside the workspace, with its parents, and returns its path. */
  createDirectory(...segments: string[]): string;
  /** Writes a file inside the workspace (`file` relative to the root, or absolute), creating its folder. */
  writeFile(file: string, content: string | Uint8Array): string;
  /** Writes a value as indented JSON plus a newline, as {@link TestWorkspace.writeFile} does. */
  writeJson(file: string, value: unknown): string;
  /** Writes an executable script (mode 0755), as {@link TestWorkspace.writeFile} does. */
  writeScript(file: string, content: string): string;
  /**
   * Names a process the test leaves running on purpose (a detached grandchild whose end is not
   * what the test checks): it is killed at cleanup instead of failing the test.
   */
  expectLeftoverProcess(pid: number): void;
}

/** How long cleanup waits for a workspace's processes to end on their own (kill grace included). */
const leftoverWaitMs = 15_000;

/**
 * Creates a workspace for the current test (call it inside a test): a new folder under the
 * test file's `TMPDIR`, with `home` and `project` folders on demand. When the test finishes (after its
 * `afterEach` hooks, which close engines), every process still running from the workspace fails
 * the test and is killed, and the folder is removed.
 *
 * @example
 * ```ts
 * const workspace = createTestWorkspace("engine");
 * workspace.writeJson("home/.deepagents/hooks.json", { hooks });
 * const engine = await createHookEngine({ cwd: workspace.project, home: workspace.home });
 * ```
 */
export function createTestWorkspace(name = "test"): TestWorkspace {
  const { workspace, cleanUp } = openWorkspace(name);
  onTestFinished(cleanUp);
  return workspace;
}

/**
 * Creates a workspace shared by the tests of one file or `describe` block (call it at module or
 * `describe` level): cleaned up as {@link createTestWorkspace} does, once, after the block's own
 * `afterAll` hooks.
 */
export function createSuiteWorkspace(name = "suite"): TestWorkspace {
  const { workspace, cleanUp } = openWorkspace(name);
  afterAll(cleanUp);
  return workspace;
}

function openWorkspace(name: string): { workspace: TestWorkspace; cleanUp: () => Promise<void> } {
  const startedAfter = markProcessStart();
  const created = mkdtempSync(path.join(os.tmpdir(), `agent-hooks-${name}-`));
  const root = realpathSync(created);
  const expected = new Set<number>();
  const resolve = (file: string) => path.resolve(root, file);
  const writeFile = (file: string, content: string | Uint8Array, mode?: number) => {
    const target = resolve(file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content, mode === undefined ? {} : { mode });
    return target;
  };
  const createDirectory = (...segments: string[]) => {
    const directory = path.join(root, ...segments);
    mkdirSync(directory, { recursive: true });
    return directory;
  };
  const workspace: TestWorkspace = {
    root,
    // Created on demand, so a test that lays out its own home or project folder is not surprised.
    get home() {
      return createDirectory("home");
    },
    get project() {
      return createDirectory("project");
    },
    path: (...segments) => path.join(root, ...segments),
    createDirectory,
    writeFile: (file, content) => writeFile(file, content),
    writeJson: (file, value) => writeFile(file, `${JSON.stringify(value, null, 2)}\n`),
    writeScript: (file, content) => writeFile(file, content, 0o755),
    expectLeftoverProcess: (pid) => {
      expected.add(pid);
    },
  };
  const roots = created === root ? [root] : [root, created];
  const cleanUp = async () => {
    try {
      if (startedAfter !== null) await endWorkspaceProcesses(roots, startedAfter, expected);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  };
  return { workspace, cleanUp };
}

/** Kills the expected leftovers, waits for the others to end, and throws if any is still alive. */
async function endWorkspaceProcesses(
  roots: readonly string[],
  startedAfter: number,
  expected: ReadonlySet<number>,
): Promise<void> {
  for (const pid of expected) killQuietly(pid);
  const deadline = Date.now() + leftoverWaitMs;
  let alive: WorkspaceProcess[] = [];
  for (;;) {
    alive = findWorkspaceProcesses(roots, startedAfter).filter(({ pid }) => !expected.has(pid));
    if (alive.length === 0 || Date.now() >= deadline) break;
    await sleep(50);
  }
  if (alive.length === 0) return;
  for (const { pid } of alive) killQuietly(pid);
  const list = alive.map(({ pid, command }) => `${pid} (${command})`).join(", ");
  throw new Error(
    `The test left ${alive.length} process(es) of its workspace running ${leftoverWaitMs / 1000} s after it finished, now killed: ${list}; close the engine or end the process in the test`,
  );
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}
