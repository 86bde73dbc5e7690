import { createDiagnostic, type Diagnostic } from "../../diagnostic.js";
import { findEventSpec } from "../../profiles/find-event-spec.js";
import type { EventSpec, Profile } from "../../profiles/profile.js";
import { formatJsonPath, type JsonPathSegment } from "../../shared/format-json-path.js";
import { isRecord } from "../../shared/is-record.js";
import type { DialectResult } from "../dialect-result.js";
import type { ConfigSource } from "../discover-config-files.js";
import type { HookAction, HookCommand, HookDefinition } from "../hook-definition.js";
import { suggestName } from "../suggest-name.js";
import { reportUnknownField } from "./report-unknown-field.js";

/** Records a diagnostic at a JSON path of the source being parsed. */
export type ReportDiagnostic = (
  code: Diagnostic["code"],
  severity: Diagnostic["severity"],
  message: string,
  segments: readonly JsonPathSegment[],
) => void;

/** What a dialect reads from one handler; the walker adds the provenance. */
export interface HandlerFields {
  command: HookCommand;
  timeoutMs: number;
  statusMessage: string | null;
  if: string | null;
  additionalContextLimit: number | null;
  /** `"persistent": true` (an agent-hooks extension); false when omitted. */
  persistent: boolean;
  /** `"prewarm"` (an agent-hooks extension), where given. */
  prewarm?: boolean;
  /** What a non-command handler calls (Claude Code's http, prompt, agent, mcp_tool). */
  action?: HookAction;
  /** Claude Code's `async`, `asyncRewake`, `shell` and `once` (skill hooks), where given. */
  async?: boolean;
  asyncRewake?: boolean;
  shell?: "bash" | "powershell";
  once?: boolean;
}

/** Where a handler sits and how to report problems with it. */
export interface DialectHandlerContext {
  event: string;
  spec: EventSpec;
  profile: Profile;
  /** JSON path of the handler inside the source file. */
  at: readonly JsonPathSegment[];
  report: ReportDiagnostic;
}

/** A dialect's handler rule: the handler's fields, or null (with diagnostics) to skip it. */
export type HandlerReader = (
  handler: unknown,
  context: DialectHandlerContext,
) => HandlerFields | null;

/** How a dialect's documents are shaped around the shared event → group → handler levels. */
export interface HookDocumentRules {
  /** Keys allowed at the document root beside `hooks`; others get `unknown_field`. */
  rootKeys: ReadonlySet<string>;
  /** Keys of the `hooks` table that are settings, not events (TOML `managed_dir`). */
  settingKeys?: ReadonlySet<string>;
  readHandler: HandlerReader;
}

const groupKeys = new Set(["matcher", "hooks"]);

/** An empty result to fill. */
export function createDialectResult(): DialectResult {
  return { definitions: [], diagnostics: [], groupCounts: {} };
}

/** A reporter that files diagnostics under the source's file. */
export function createReporter(source: ConfigSource, result: DialectResult): ReportDiagnostic {
  return (code, severity, message, segments) => {
    const path = formatJsonPath(segments);
    result.diagnostics.push(
      createDiagnostic(code, severity, message, { file: source.file, path: path || null }),
    );
  };
}

/**
 * Walks a `{ "hooks": { <event>: [groups] } }` document found at `at` inside the source: root
 * fields, then every event, group and handler.
 */
export function walkHookDocument(
  document: unknown,
  at: readonly JsonPathSegment[],
  context: { source: ConfigSource; profile: Profile; rules: HookDocumentRules },
  result: DialectResult,
): void {
  const report = createReporter(context.source, result);
  if (!isRecord(document)) {
    report("invalid_config", "error", `${context.source.file} must contain a JSON object`, at);
    return;
  }
  for (const key of Object.keys(document)) {
    if (key !== "hooks" && !context.rules.rootKeys.has(key))
      reportUnknownField(report, "top-level", key, ["hooks", ...context.rules.rootKeys], at);
  }
  if (document.hooks === undefined) return;
  walkHookEvents(document.hooks, [...at, "hooks"], context, result);
}

/** Walks an events map (`{ <event>: [groups] }`) found at `at` inside the source. */
export function walkHookEvents(
  events: unknown,
  at: readonly JsonPathSegment[],
  context: { source: ConfigSource; profile: Profile; rules: HookDocumentRules },
  result: DialectResult,
): void {
  const { profile, rules } = context;
  const report = createReporter(context.source, result);
  if (!isRecord(events)) {
    report("invalid_config", "error", `"hooks" must be an object keyed by event name`, at);
    return;
  }
  for (const [event, groups] of Object.entries(events)) {
    if (rules.settingKeys?.has(event)) continue;
    const spec = findEventSpec(profile, event);
    if (spec === undefined || !spec.configurable) {
      const known = Object.entries(profile.events)
        .filter(([, candidate]) => candidate.configurable)
        .map(([name]) => name);
      report(
        "unknown_event",
        "warning",
        `${profile.title} has no hook event "${event}"${suggestName(event, known)}; its handlers will never run (events: ${known.join(", ")})`,
        [...at, event],
      );
      continue;
    }
    if (!Array.isArray(groups)) {
      report("invalid_config", "error", `Event "${event}" must be a list of matcher groups`, [
        ...at,
        event,
      ]);
      continue;
    }
    result.groupCounts[event] = groups.length;
    groups.forEach((group: unknown, groupIndex) => {
      walkGroup(
        group,
        { event, spec, groupIndex, at: [...at, event, groupIndex] },
        context,
        result,
      );
    });
  }
}

/** Walks one matcher group (`{ matcher, hooks }`) found at `where.at`: its handlers, with its matcher. */
export function walkGroup(
  group: unknown,
  where: { event: string; spec: EventSpec; groupIndex: number; at: readonly JsonPathSegment[] },
  context: { source: ConfigSource; profile: Profile; rules: HookDocumentRules },
  result: DialectResult,
): void {
  const { source, profile, rules } = context;
  const { event, spec, groupIndex, at } = where;
  const report = createReporter(source, result);
  if (!isRecord(group)) {
    report("invalid_config", "error", "A matcher group must be an object with a hooks list", at);
    return;
  }
  for (const key of Object.keys(group)) {
    if (!groupKeys.has(key)) {
      reportUnknownField(report, "matcher group", key, groupKeys, at);
    }
  }
  const matcher = group.matcher;
  if (matcher !== undefined && matcher !== null && typeof matcher !== "string") {
    report("invalid_config", "error", "matcher must be a string; the group is skipped", [
      ...at,
      "matcher",
    ]);
    return;
  }
  if (!Array.isArray(group.hooks)) {
    report("invalid_config", "error", "A matcher group needs a hooks list; the group is skipped", [
      ...at,
      "hooks",
    ]);
    return;
  }
  group.hooks.forEach((handler: unknown, handlerIndex) => {
    const handlerAt = [...at, "hooks", handlerIndex];
    const fields = rules.readHandler(handler, { event, spec, profile, at: handlerAt, report });
    if (fields === null) return;
    result.definitions.push({
      event,
      matcher: typeof matcher === "string" ? matcher : null,
      if: fields.if,
      command: fields.command,
      timeoutMs: fields.timeoutMs,
      statusMessage: fields.statusMessage,
      cwd: null,
      additionalContextLimit: fields.additionalContextLimit,
      persistent: fields.persistent,
      ...(fields.prewarm !== undefined && { prewarm: fields.prewarm }),
      ...(fields.action !== undefined && { action: fields.action }),
      ...(fields.async !== undefined && { async: fields.async }),
      ...(fields.asyncRewake !== undefined && { asyncRewake: fields.asyncRewake }),
      ...(fields.shell !== undefined && { shell: fields.shell }),
      ...(fields.once !== undefined && { once: fields.once }),
      trust: source.trust,
      env: source.env ?? {},
      file: source.file,
      layer: source.layer,
      path: formatJsonPath(handlerAt),
      groupPath: formatJsonPath(at),
      groupIndex,
      handlerIndex,
    } satisfies HookDefinition);
  });
}

/**
 * A handler's timeout in milliseconds: its own seconds, else the event's default, else the
 * profile's; above the event's maximum it is clamped with a `timeout_clamped` warning.
 */
export function resolveTimeoutMs(
  seconds: number | undefined,
  context: DialectHandlerContext,
): number {
  const { spec, profile, event, at, report } = context;
  const requested = seconds ?? spec.defaultTimeoutSeconds ?? profile.defaultTimeoutSeconds;
  const maximum = spec.maxTimeoutSeconds;
  if (maximum !== undefined && requested > maximum) {
    report(
      "timeout_clamped",
      "warning",
      `${event} hooks may run for at most ${maximum} s; timeout ${requested} s is clamped to ${maximum} s`,
      [...at, "timeout"],
    );
    return maximum * 1000;
  }
  return requested * 1000;
}

/** `field: ` for a zod issue path inside a handler, or nothing at the handler itself. */
export function describeIssueField(segments: readonly PropertyKey[]): string {
  const field = formatJsonPath(segments);
  return field === "" ? "" : `${field}: `;
}

/** Reports every zod issue of a handler at its own path. */
export function reportIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  at: readonly JsonPathSegment[],
  report: ReportDiagnostic,
): void {
  for (const issue of issues) {
    const segments = issue.path.filter(
      (segment): segment is string | number => typeof segment !== "symbol",
    );
    report(
      "invalid_config",
      "error",
      `${describeIssueField(issue.path)}${issue.message}; the handler is skipped`,
      [...at, ...segments],
    );
  }
}

/**
 * Starts the parse of a JSON hook file: an empty result, its reporter, and the document as an
 * object, or `root: null` when there is nothing more to read (an empty file, or a root that is
 * not an object, which is reported).
 */
export function openHookDocument(
  document: unknown,
  source: ConfigSource,
): {
  result: DialectResult;
  report: ReportDiagnostic;
  root: Readonly<Record<string, unknown>> | null;
} {
  const result = createDialectResult();
  const report = createReporter(source, result);
  // An empty file (JSONC allows one) configures nothing.
  if (document === undefined) return { result, report, root: null };
  if (!isRecord(document)) {
    report("invalid_config", "error", `${source.file} must contain a JSON object`, []);
    return { result, report, root: null };
  }
  return { result, report, root: document };
}
