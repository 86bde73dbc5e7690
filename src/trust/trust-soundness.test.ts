// The runtime soundness check of hook trust: each corpus command runs for real under strace, and
// every file under the project or home its process tree executes or reads must be hashed, or
// listed as not hashed. One case: npx vitest run src/trust/trust-soundness.test.ts -t 'class2-stdin-descriptors/03'
import { execFileSync } from "node:child_process";
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import {
  loadSoundnessCorpus,
  type SoundnessCase,
} from "../../test/support/load-soundness-corpus.js";
import { findStraceProblem, traceFileAccess } from "../../test/support/trace-file-access.js";
import { findHookScripts } from "./find-hook-scripts.js";
import type { HookScripts } from "./resolve-hook-script.js";

const corpusDirectory = path.resolve(import.meta.dirname, "../../test/fixtures/trust-soundness");
const corpus = loadSoundnessCorpus(corpusDirectory);
const straceProblem = findStraceProblem();
// Each case is one traced process tree; more at once only makes a 2-core machine queue them.
const concurrentRuns = 4;
const hookTimeoutMs = 20_000;

if (straceProblem !== null) {
  console.warn(
    `strace is not available: the runtime soundness check did not run (${straceProblem})`,
  );
}

if (straceProblem !== null) {
  describe("trust soundness without strace", () => {
    it.skip(`strace is not available: the runtime soundness check did not run (${straceProblem})`, () => {});
  });
}

describe("the trust soundness corpus", () => {
  it("has at least 200 hook commands", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(200);
  });
});

describe
  .runIf(straceProblem === null)
  .concurrent("trust soundness: every file a hook runs or reads is hashed or listed", () => {
    const slots = createSlots(concurrentRuns);
    it.each(corpus.map((item) => [item.title, item] as const))(
      "%s",
      async (_, item) => {
        await slots.run(() => checkCase(item));
      },
      120_000,
    );
  });

async function checkCase(item: SoundnessCase): Promise<void> {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), "agent-hooks-soundness-")));
  try {
    const project = path.join(root, "project");
    const home = path.join(root, "home");
    const fill = (text: string) => text.replaceAll("@PROJECT@", project).replaceAll("@HOME@", home);
    mkdirSync(project);
    mkdirSync(home);
    mkdirSync(path.join(root, "tmp"));
    const env: Record<string, string> = {
      PATH: `/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:${path.dirname(process.execPath)}`,
      HOME: home,
      LANG: "C.UTF-8",
      // As under an agent started from a shell: bash then reads BASH_ENV, not ~/.bashrc (which it
      // reads when SHLVL is unset and stdin is a socket, as the engine's pipes are).
      SHLVL: "1",
      TMPDIR: path.join(root, "tmp"),
    };
    if (item.git) execFileSync("git", ["init", "--quiet", project], { env });
    writeFiles(project, item.project, fill);
    writeFiles(home, item.home, fill);
    if (item.setup !== null) {
      execFileSync("/bin/sh", ["-ec", fill(item.setup)], { cwd: project, env, stdio: "pipe" });
    }
    const hookEnv = Object.fromEntries(
      Object.entries(item.env).map(([name, value]) => [name, fill(value)]),
    );
    const command = fill(item.command);
    const hookCwd = item.cwd === null ? null : fill(item.cwd);
    const definition = createHookDefinition({
      command,
      cwd: hookCwd,
      env: hookEnv,
      trust: "review",
    });
    // What trust records when the hook is trusted: before it runs, on the files as they are.
    const scripts = findHookScripts(definition, {
      cwd: project,
      home,
      projectDirectoryVariables: [],
      shell: "sh",
    });
    const before = listFiles([project, home]);
    const run = await traceFileAccess({
      argv: ["/bin/sh", "-c", command],
      cwd: path.resolve(project, hookCwd ?? "."),
      env: { ...env, ...hookEnv },
      stdin: item.stdin,
      traceDirectory: path.join(root, "trace"),
      timeoutMs: hookTimeoutMs,
    });
    const shown = (file: string) => path.relative(root, file);
    const context = [
      `command: ${command}`,
      `resolution: ${JSON.stringify({ files: scripts.files.map(shown), notHashed: scripts.notHashed.map((entry) => ({ ...entry, ...(entry.file === undefined ? {} : { file: shown(entry.file) }) })) })}`,
      `run: exit ${run.exitCode}${run.signal === null ? "" : ` signal ${run.signal}`}${run.timedOut ? " (timed out)" : ""}`,
      `stdout: ${run.stdout.slice(0, 1_000)}`,
      `stderr: ${run.stderr.slice(0, 2_000)}`,
      `accesses: ${run.accesses.map(({ file, syscall }) => `${shown(file)} (${syscall})`).join(", ")}`,
    ].join("\n");
    const reached = run.accesses.filter(({ file }) => before.has(file));
    if (item.ran === null) {
      expect(
        reached.length,
        `the case reached no file of the project or home\n${context}`,
      ).toBeGreaterThan(0);
    } else {
      const reachedFiles = new Set(reached.map(({ file }) => file));
      const missed = item.ran
        .map((file) =>
          realpathLoose(
            file.startsWith("~/") ? path.join(home, file.slice(2)) : path.join(project, file),
          ),
        )
        .filter((file) => !reachedFiles.has(file))
        .map(shown);
      expect(missed, `the case did not reach the files it is about\n${context}`).toEqual([]);
    }
    const violations = reached
      .filter(({ file, syscall }) => !isCovered(file, syscall, scripts))
      .map(({ file, syscall }) => `${shown(file)} (${syscall})`);
    expect(
      violations,
      `files the hook ran or read that are neither hashed nor listed as not hashed: ${violations.join(", ")}\n${context}`,
    ).toEqual([]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

// A file is covered when it is hashed, or a not-hashed entry lists it: by its file, or by a folder
// above it (`grep -r x .`), or, with no file, as any code (the hook is visibly not fully hashed)
// or, for a file only opened, as data read from a word not known (`cat *.json`). Running a file
// (execve) is covered only by an entry for code.
function isCovered(file: string, syscall: string, scripts: HookScripts): boolean {
  const executed = syscall.startsWith("execve");
  const wordOnly = scripts.notHashed.filter((entry) => entry.file === undefined);
  if (wordOnly.some((entry) => entry.role !== "data" || !executed)) return true;
  if (scripts.files.some((candidate) => realpathLoose(candidate) === file)) return true;
  return scripts.notHashed.some((entry) => {
    if (entry.file === undefined || (executed && entry.role === "data")) return false;
    const listed = realpathLoose(entry.file);
    return listed === file || file.startsWith(`${listed}${path.sep}`);
  });
}

function writeFiles(
  directory: string,
  files: SoundnessCase["project"],
  fill: (text: string) => string,
): void {
  for (const [name, entry] of Object.entries(files)) {
    const target = path.join(directory, name);
    mkdirSync(path.dirname(target), { recursive: true });
    const spec = typeof entry === "string" ? { text: entry } : entry;
    if (spec.link !== undefined) {
      symlinkSync(fill(spec.link), target);
      continue;
    }
    const text = fill(spec.text ?? "");
    const mode =
      spec.mode === undefined
        ? text.startsWith("#!")
          ? 0o755
          : 0o644
        : Number.parseInt(spec.mode, 8);
    writeFileSync(target, text, { mode });
  }
}

// Every regular file under the folders (a symbolic link's target is listed where it lies).
function listFiles(directories: readonly string[]): Set<string> {
  const files = new Set<string>();
  const walk = (directory: string) => {
    for (const name of readdirSync(directory)) {
      const entry = path.join(directory, name);
      const stats = lstatSync(entry);
      if (stats.isDirectory()) walk(entry);
      else if (stats.isFile()) files.add(entry);
    }
  };
  for (const directory of directories) walk(directory);
  return files;
}

// The real path of a file, or of its nearest existing folder joined with the rest.
function realpathLoose(file: string): string {
  const absolute = path.resolve(file);
  try {
    return realpathSync(absolute);
  } catch {
    const parent = path.dirname(absolute);
    if (parent === absolute) return absolute;
    return path.join(realpathLoose(parent), path.basename(absolute));
  }
}

// At most `size` tasks at once; the others wait their turn.
function createSlots(size: number): { run<T>(task: () => Promise<T>): Promise<T> } {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    async run(task) {
      if (free === 0) await new Promise<void>((resolve) => waiting.push(resolve));
      else free -= 1;
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next === undefined) free += 1;
        else next();
      }
    },
  };
}
