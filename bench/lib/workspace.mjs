// A temporary workspace for one bench run: configuration files and the engine factory.
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createHookEngine } from "../../dist/index.js";
import { quoteShellWords } from "../../dist/shell/quote-shell-word.js";

export const benchDirectory = fileURLToPath(new URL("..", import.meta.url));
export const repositoryDirectory = fileURLToPath(new URL("../..", import.meta.url));
export const hooksDirectory = join(benchDirectory, "hooks");
/** The dual-mode Node hook of the tests: spawned per event, or `--persistent`. */
export const nodeHook = join(repositoryDirectory, "test/fixtures/handlers/persistent-hook.mjs");

/** Creates the workspace; `remove()` deletes it. */
export function createWorkspace() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "agent-hooks-bench-")));
  let count = 0;
  return {
    root,
    /** Writes a Deep Agents `hooks.json` with `events` and returns its path. */
    writeConfig(events) {
      count += 1;
      const file = join(root, `hooks-${count}.json`);
      writeFileSync(file, JSON.stringify({ hooks: events }));
      return file;
    },
    /** Writes a file in the workspace and returns its path. */
    writeFile(name, text) {
      const file = join(root, name);
      writeFileSync(file, text);
      return file;
    },
    /** An engine (Deep Agents profile) reading only `configFile`, with more engine `options`. */
    createEngine(configFile, options = {}) {
      return createHookEngine({
        profile: "deepagents",
        cwd: root,
        home: root,
        sessionId: "bench-session",
        configFiles: [configFile],
        ...options,
      });
    },
    remove() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * A command string that runs `argv` as it is, each word quoted for the shell where it needs to
 * be (a path with a space); plain words stay bare, so the engine runs it by direct exec, as a
 * user's hook would be.
 */
export function commandLine(...argv) {
  return quoteShellWords(argv);
}

/** One matcher group of command handlers. */
export function group(matcher, ...commands) {
  return {
    matcher,
    hooks: commands.map((command) =>
      typeof command === "object" && !Array.isArray(command)
        ? { type: "command", ...command }
        : { type: "command", command },
    ),
  };
}

/** A 1,000-hook PreToolUse configuration: `Tool0` … `Tool999`, each running `true`. */
export function createThousandHooks() {
  return {
    PreToolUse: Array.from({ length: 1000 }, (_, index) => group(`Tool${index}`, "true")),
  };
}
