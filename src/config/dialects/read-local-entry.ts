import type { EventSpec, Profile } from "../../profiles/profile.js";
import { formatJsonPath, type JsonPathSegment } from "../../shared/format-json-path.js";
import type { ConfigSource } from "../discover-config-files.js";
import type { HookDefinition } from "../hook-definition.js";
import { localEntryFields } from "./handler-fields.js";
import { readHandlerFields } from "./read-plain-fields.js";
import {
  type HandlerTypeDialect,
  reportUnsupportedHandlerType,
} from "./report-unsupported-handler-type.js";
import { readCommandProperty, selectLocalCommand } from "./select-local-command.js";
import { type ReportDiagnostic, reportIssues, resolveTimeoutMs } from "./walk-hook-events.js";

const localCommandKeys = ["command", "windows", "linux", "osx"] as const;

/** Where a Local entry sits, and how its source spells the Local properties. */
export interface LocalEntryContext {
  event: string;
  spec: EventSpec;
  profile: Profile;
  source: ConfigSource;
  /** JSON path of the entry inside the source file. */
  at: readonly JsonPathSegment[];
  /** Position of the entry among the event's entries in this file. */
  groupIndex: number;
  report: ReportDiagnostic;
  platform: NodeJS.Platform;
  /** The source's names of the command properties, for messages (`bash`, `powershell` in Copilot files). */
  commandProperties: readonly string[];
  /** Where a Local property came from in the source entry (Copilot: `linux` ← `bash`), for paths. */
  sourceKeys?: Readonly<Record<string, string>>;
  /** How a handler type other than `command` is worded (default: the VS Code Local entry's). */
  handlerTypes?: HandlerTypeDialect;
}

/**
 * Reads one command entry in the Local shape (`type`, `command`, `windows`, `linux`, `osx`, `cwd`,
 * `env`, `timeout`, and a kept `matcher`) into a definition: the running platform's command (a
 * blank command property counts as not defined), the timeout in milliseconds, its own
 * provenance. Null, with diagnostics, when it cannot run.
 */
export function readLocalEntry(
  entry: Record<string, unknown>,
  context: LocalEntryContext,
): HookDefinition | null {
  const { at, report, profile, source } = context;
  const sourceKey = (key: string) => context.sourceKeys?.[key] ?? key;
  if (reportUnsupportedHandlerType(entry.type, context.handlerTypes ?? "vscode-local", context)) {
    return null;
  }
  const fields = readHandlerFields(entry, localEntryFields, (found) => {
    // One source key can feed two Local properties (Copilot `bash`): report it once.
    const seen = new Set<string>();
    const issues = found
      .map((issue) => {
        const [first, ...rest] = issue.path;
        return typeof first === "string" ? { ...issue, path: [sourceKey(first), ...rest] } : issue;
      })
      .filter((issue) => {
        const key = JSON.stringify([issue.path.map(String), issue.message]);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    reportIssues(issues, at, report);
  });
  if (fields === null) return null;
  const written = localCommandKeys.filter((key) => fields[key] !== undefined);
  if (!written.some((key) => readCommandProperty(fields[key]) !== null)) {
    const blank = written[0];
    report(
      "invalid_config",
      "error",
      blank === undefined
        ? `A hook entry needs at least one command property (${context.commandProperties.join(", ")}); the entry is skipped`
        : `${sourceKey(blank)} is empty and the entry has no other command property (${context.commandProperties.join(", ")}); the entry is skipped`,
      blank === undefined ? at : [...at, sourceKey(blank)],
    );
    return null;
  }
  const command = selectLocalCommand(fields, context.platform);
  if (command === null) {
    report(
      "invalid_config",
      "info",
      `${context.event} hook has no command for this platform (${context.platform}); it does not run here`,
      at,
    );
    return null;
  }
  const timeoutMs = resolveTimeoutMs(fields.timeout, {
    event: context.event,
    spec: context.spec,
    profile,
    at,
    report: (code, severity, message, segments) =>
      report(code, severity, message, [...at, sourceKey(String(segments.at(-1)))]),
  });
  const path = formatJsonPath(at);
  return {
    event: context.event,
    matcher: fields.matcher ?? null,
    if: null,
    command,
    timeoutMs,
    statusMessage: null,
    cwd: fields.cwd ?? null,
    additionalContextLimit: null,
    persistent: fields.persistent ?? false,
    ...(fields.prewarm !== undefined && { prewarm: fields.prewarm }),
    trust: source.trust,
    env: { ...source.env, ...fields.env },
    file: source.file,
    layer: source.layer,
    path,
    groupPath: path,
    groupIndex: context.groupIndex,
    handlerIndex: 0,
  };
}
