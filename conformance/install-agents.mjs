// Installs the pinned agents (conformance/agents/package.json + lock) into a cache outside the
// repository and outside node_modules, once per lock: `$AGENT_HOOKS_CONFORMANCE_CACHE/<lock hash>`,
// else `${XDG_CACHE_HOME:-~/.cache}/agent-hooks/conformance-agents/<lock hash>`.
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const agentsDirectory = fileURLToPath(new URL("agents/", import.meta.url));
const completionFile = ".agent-hooks-installed.json";

/** The packages of conformance/agents and the command each one installs. */
export const agentPackages = /** @type {const} */ ([
  { agent: "claude", name: "@anthropic-ai/claude-code", bin: "claude" },
  { agent: "gemini", name: "@google/gemini-cli", bin: "gemini" },
  { agent: "codex", name: "@openai/codex", bin: "codex" },
]);

/** Returns the cache folder for the current lock. */
export function findAgentCacheDirectory() {
  const lock = readFileSync(path.join(agentsDirectory, "package-lock.json"));
  const manifest = readFileSync(path.join(agentsDirectory, "package.json"));
  const hash = createHash("sha256").update(manifest).update(lock).digest("hex").slice(0, 16);
  const base =
    process.env.AGENT_HOOKS_CONFORMANCE_CACHE ||
    path.join(
      process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"),
      "agent-hooks",
      "conformance-agents",
    );
  return path.join(base, hash);
}

/**
 * Runs `<bin> --version` and returns its first line, or null when it fails.
 * @param {string} binDirectory
 * @param {string} bin
 */
function readAgentVersion(binDirectory, bin) {
  const result = spawnSync(path.join(binDirectory, bin), ["--version"], {
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, DISABLE_AUTOUPDATER: "1", NO_UPDATE_NOTIFIER: "1" },
  });
  if (result.status !== 0) return null;
  return result.stdout.trim().split("\n")[0] ?? "";
}

/**
 * Makes sure Claude Code's native binary is in place: npm may skip its postinstall script (npm 11
 * lists install scripts not covered by `allowScripts`), so run it when the command does not start.
 * @param {string} directory
 */
function repairClaudeBinary(directory) {
  const binDirectory = path.join(directory, "node_modules", ".bin");
  if (readAgentVersion(binDirectory, "claude") !== null) return;
  const packageDirectory = path.join(directory, "node_modules", "@anthropic-ai", "claude-code");
  execFileSync(process.execPath, ["install.cjs"], { cwd: packageDirectory, stdio: "inherit" });
}

/**
 * Reads the installed version of each pinned package.
 * @param {string} directory
 * @returns {Record<string, string>}
 */
function readInstalledVersions(directory) {
  /** @type {Record<string, string>} */
  const versions = {};
  for (const { agent, name } of agentPackages) {
    const manifestPath = path.join(directory, "node_modules", ...name.split("/"), "package.json");
    versions[agent] = JSON.parse(readFileSync(manifestPath, "utf8")).version;
  }
  return versions;
}

/**
 * Installs the pinned agents into the cache (once) and returns where their commands are.
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {Promise<{ binDirectory: string, versions: Record<string, string> }>}
 */
export async function installAgents(options = {}) {
  const log = options.log ?? ((line) => process.stderr.write(`${line}\n`));
  const directory = findAgentCacheDirectory();
  const binDirectory = path.join(directory, "node_modules", ".bin");
  if (existsSync(path.join(directory, completionFile))) {
    return { binDirectory, versions: readInstalledVersions(directory) };
  }
  log(`installing the pinned agents into ${directory} (npm ci)`);
  // Install beside the final folder and rename it, so an interrupted install is never reused.
  const staging = `${directory}.staging-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  copyFileSync(path.join(agentsDirectory, "package.json"), path.join(staging, "package.json"));
  copyFileSync(
    path.join(agentsDirectory, "package-lock.json"),
    path.join(staging, "package-lock.json"),
  );
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const install = spawnSync(npm, ["ci", "--no-audit", "--no-fund"], {
    cwd: staging,
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (install.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`npm ci of the pinned agents failed (exit ${install.status})`);
  }
  repairClaudeBinary(staging);
  const stagingBin = path.join(staging, "node_modules", ".bin");
  for (const { bin } of agentPackages) {
    if (readAgentVersion(stagingBin, bin) === null) {
      rmSync(staging, { recursive: true, force: true });
      throw new Error(`the installed ${bin} does not start (${bin} --version failed)`);
    }
  }
  const versions = readInstalledVersions(staging);
  writeFileSync(path.join(staging, completionFile), `${JSON.stringify({ versions }, null, 2)}\n`);
  if (existsSync(path.join(directory, completionFile))) {
    // Another run finished first: use its copy.
    rmSync(staging, { recursive: true, force: true });
  } else {
    rmSync(directory, { recursive: true, force: true });
    renameSync(staging, directory);
  }
  return { binDirectory, versions };
}
