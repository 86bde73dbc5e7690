// The peer engine: the hook runner published in @google/gemini-cli-core (pinned in
// bench/package.json), installed into bench/node_modules on first use.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const benchDirectory = fileURLToPath(new URL("..", import.meta.url));
const peerPackage = new URL(
  "../node_modules/@google/gemini-cli-core/package.json",
  import.meta.url,
);

/** Installs the pinned peer from bench/package-lock.json when it is missing. */
export function installPeerEngine() {
  if (existsSync(peerPackage)) return { installed: false };
  process.stderr.write(
    "bench: installing @google/gemini-cli-core@0.61.0 into bench/ (first run)…\n",
  );
  const result = spawnSync(
    "npm",
    ["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
    { cwd: benchDirectory, stdio: "inherit" },
  );
  if (result.status !== 0) {
    return { installed: false, error: `npm ci in bench/ exited with ${result.status}` };
  }
  return { installed: true };
}

/**
 * Loads the Gemini CLI `HookRunner` with the smallest config it reads (trusted folder, no
 * environment redaction, a plans directory). Resolves `{ runner, HookRegistry, HookPlanner }`,
 * or `{ error }` with the exact failure. Its debug logging goes to `console.debug`, which the
 * bench silences so terminal output is not part of any figure.
 */
export async function loadGeminiRunner(plansDirectory) {
  try {
    const startedAt = performance.now();
    const core = await import("@google/gemini-cli-core");
    const importMs = performance.now() - startedAt;
    const config = {
      isTrustedFolder: () => true,
      sanitizationConfig: {
        allowedEnvironmentVariables: [],
        blockedEnvironmentVariables: [],
        enableEnvironmentVariableRedaction: false,
      },
      storage: { getPlansDir: () => plansDirectory },
    };
    return {
      runner: new core.HookRunner(config),
      HookRegistry: core.HookRegistry,
      HookPlanner: core.HookPlanner,
      config,
      importMs,
    };
  } catch (error) {
    return { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

/** A BeforeTool input for the Gemini runner, the counterpart of a PreToolUse payload. */
export function createGeminiInput(cwd, toolName = "run_shell_command") {
  return {
    session_id: "bench-session",
    transcript_path: "",
    cwd,
    hook_event_name: "BeforeTool",
    timestamp: new Date().toISOString(),
    tool_name: toolName,
    tool_input: { command: "ls -la" },
  };
}
