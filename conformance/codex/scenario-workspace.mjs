// One scenario's temp tree: HOME, CODEX_HOME, the wrapper dir that puts the checkout's
// agent-hooks on PATH, the logs the hooks append to, and the project (a git repository) with its
// hook scripts.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A hook script: records that it ran (its name), the payload it got, the CLAUDE_PROJECT_DIR it
 * saw and its working directory, in the logs the environment names, then runs `body` with the payload in `$payload`.
 * @param {string} name
 * @param {string} body
 */
export function hookScript(name, body) {
  return [
    "#!/bin/sh",
    "payload=$(cat)",
    `printf '%s\\n' ${name} >> "\${CONFORMANCE_RUN_LOG:-/dev/null}"`,
    `printf '%s\\n' "$payload" >> "\${CONFORMANCE_PAYLOAD_LOG:-/dev/null}"`,
    `printf '%s\\n' "\${CLAUDE_PROJECT_DIR-(unset)}" >> "\${CONFORMANCE_PROJECT_LOG:-/dev/null}"`,
    `printf '%s\\n' "$PWD" >> "\${CONFORMANCE_DIRECTORY_LOG:-/dev/null}"`,
    body,
    "",
  ].join("\n");
}

/**
 * Creates the tree.
 * @param {{ projectName: string, agentHooksBin: string,
 *   agentHooksOnPath: "wrapper" | "missing" | "broken" }} options
 */
export function createScenarioWorkspace({ projectName, agentHooksBin, agentHooksOnPath }) {
  const root = mkdtempSync(path.join(os.tmpdir(), "agent-hooks-conformance-codex-"));
  const home = path.join(root, "home");
  const codexHome = path.join(root, "codex-home");
  const binDirectory = path.join(root, "bin");
  const logDirectory = path.join(root, "logs");
  const projectDirectory = path.join(root, projectName);
  for (const directory of [home, codexHome, binDirectory, logDirectory, projectDirectory]) {
    mkdirSync(directory, { recursive: true });
  }
  if (agentHooksOnPath !== "missing") {
    // A broken install: node itself fails (exit 1) before agent-hooks runs.
    const target =
      agentHooksOnPath === "broken" ? path.join(root, "missing", "cli.js") : agentHooksBin;
    const wrapper = path.join(binDirectory, "agent-hooks");
    writeFileSync(
      wrapper,
      `#!/bin/sh\nexec ${quoteShell(process.execPath)} ${quoteShell(target)} "$@"\n`,
    );
    chmodSync(wrapper, 0o755);
  }
  execFileSync("git", ["init", "-q", projectDirectory], { stdio: "ignore" });
  /** @param {"codex" | "agent-hooks"} side */
  const logsOf = (side) => ({
    CONFORMANCE_RUN_LOG: path.join(logDirectory, `${side}-runs.log`),
    CONFORMANCE_PAYLOAD_LOG: path.join(logDirectory, `${side}-payloads.log`),
    CONFORMANCE_PROJECT_LOG: path.join(logDirectory, `${side}-project-dirs.log`),
    CONFORMANCE_DIRECTORY_LOG: path.join(logDirectory, `${side}-working-dirs.log`),
  });
  return {
    root,
    home,
    codexHome,
    binDirectory,
    projectDirectory,
    logsOf,
    /**
     * Writes a file under the project.
     * @param {string} relativePath
     * @param {string} content
     * @param {number} [mode]
     */
    writeProjectFile(relativePath, content, mode) {
      const file = path.join(projectDirectory, relativePath);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, content);
      if (mode !== undefined) chmodSync(file, mode);
      return file;
    },
    /**
     * What one side's hooks recorded.
     * @param {"codex" | "agent-hooks"} side
     */
    readLogs(side) {
      const logs = logsOf(side);
      const lines = (/** @type {string} */ file) => readText(file).split("\n").filter(Boolean);
      /** @type {Record<string, number>} */
      const runs = {};
      for (const name of lines(logs.CONFORMANCE_RUN_LOG)) runs[name] = (runs[name] ?? 0) + 1;
      const payloads = lines(logs.CONFORMANCE_PAYLOAD_LOG).map((line) => {
        try {
          return JSON.parse(line);
        } catch {
          return line;
        }
      });
      return {
        runs,
        payloads,
        projectDirectories: lines(logs.CONFORMANCE_PROJECT_LOG),
        workingDirectories: lines(logs.CONFORMANCE_DIRECTORY_LOG),
      };
    },
    remove() {
      rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
}

/** @param {string} file */
function readText(file) {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

/** @param {string} text */
export function quoteShell(text) {
  return `'${text.replaceAll("'", "'\\''")}'`;
}
