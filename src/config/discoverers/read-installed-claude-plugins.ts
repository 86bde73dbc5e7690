import path from "node:path";
import { createDiagnostic, type Diagnostic } from "../../diagnostic.js";
import { formatJsonPath } from "../../shared/format-json-path.js";
import { isRecord } from "../../shared/is-record.js";
import { readConfigDocument } from "../read-config-document.js";

/** Where an installed plugin lives, or why it cannot be found. */
export type ClaudePluginInstallation =
  | { found: true; root: string }
  | { found: false; reason: string; diagnosticPath: { file: string; path: string } | null };

/** The installation registry Claude Code keeps, read once: finds a plugin's folder by its id. */
export interface InstalledClaudePlugins {
  /** `~/.claude/plugins/installed_plugins.json`. */
  file: string;
  /** The folder of plugin `id` for the project `cwd`, or why there is none. */
  find(id: string, cwd: string): ClaudePluginInstallation;
}

interface Installation {
  scope?: string;
  projectPath?: string;
  installPath: string;
}

// Plain guards, not zod: Claude Code's dispatch path reads this file, and zod is slow to load.
function readInstallation(item: unknown): Installation | undefined {
  if (!isRecord(item) || typeof item.installPath !== "string") return undefined;
  const { scope, projectPath } = item;
  if (scope !== undefined && typeof scope !== "string") return undefined;
  if (projectPath !== undefined && typeof projectPath !== "string") return undefined;
  return {
    installPath: item.installPath,
    ...(scope !== undefined && { scope }),
    ...(projectPath !== undefined && { projectPath }),
  };
}

/**
 * Reads `~/.claude/plugins/installed_plugins.json`, the registry Claude Code writes when it
 * installs a plugin (`plugins["name@marketplace"]`: a list of installations, each with an absolute
 * `installPath` and, for project and local installs, the `projectPath` they belong to; older files
 * hold one installation object). The file's format is not in Claude Code's public documentation:
 * only `plugins`, `installPath`, `scope` and `projectPath` are read. A missing file means that no
 * plugin is installed; an unreadable one is reported once.
 */
export async function readInstalledClaudePlugins(
  home: string,
  diagnostics: Diagnostic[],
): Promise<InstalledClaudePlugins> {
  const file = path.join(home, ".claude", "plugins", "installed_plugins.json");
  const document = await readConfigDocument(file, false, "json");
  let plugins: Record<string, unknown> = {};
  if (document.status === "failed") diagnostics.push(document.diagnostic);
  else if (document.status === "ok") {
    const registry = document.value;
    if (isRecord(registry) && isRecord(registry.plugins)) plugins = registry.plugins;
    else {
      diagnostics.push(
        createDiagnostic(
          "invalid_plugin",
          "warning",
          `Plugin registry ${file} must be an object with a "plugins" object; no installed plugin is found`,
          { file, path: "plugins" },
        ),
      );
    }
  }
  const missing = document.status === "missing";
  return {
    file,
    find(id, cwd) {
      const entry = Object.hasOwn(plugins, id) ? plugins[id] : undefined;
      if (entry === undefined) {
        const where = missing ? `${file} does not exist` : `${file} has no entry for it`;
        return { found: false, reason: `it is not installed (${where})`, diagnosticPath: null };
      }
      return selectInstallation(file, id, entry, path.resolve(cwd));
    },
  };
}

function selectInstallation(
  file: string,
  id: string,
  entry: unknown,
  project: string,
): ClaudePluginInstallation {
  const entries: [unknown, (string | number)[]][] = Array.isArray(entry)
    ? entry.map((item: unknown, index) => [item, ["plugins", id, index]])
    : [[entry, ["plugins", id]]];
  const installations: [Installation, (string | number)[]][] = [];
  for (const [item, segments] of entries) {
    const installation = readInstallation(item);
    if (installation === undefined) {
      const at = { file, path: formatJsonPath(segments) };
      return {
        found: false,
        reason: "its installation record has no installPath",
        diagnosticPath: at,
      };
    }
    installations.push([installation, segments]);
  }
  // A project or local install counts in its own project only; a user (or managed) one everywhere.
  const chosen =
    installations.find(([installation]) => isProject(installation, project)) ??
    installations.find(([installation]) => installation.projectPath === undefined);
  if (chosen === undefined) {
    return {
      found: false,
      reason: `it is installed only for other projects than ${project} (${file})`,
      diagnosticPath: null,
    };
  }
  const [installation, segments] = chosen;
  if (!path.isAbsolute(installation.installPath)) {
    return {
      found: false,
      reason: `its installPath ${JSON.stringify(installation.installPath)} is not an absolute path`,
      diagnosticPath: { file, path: formatJsonPath([...segments, "installPath"]) },
    };
  }
  return { found: true, root: path.normalize(installation.installPath) };
}

function isProject(installation: Installation, project: string): boolean {
  return (
    installation.projectPath !== undefined && path.resolve(installation.projectPath) === project
  );
}
