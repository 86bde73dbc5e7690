import { z } from "zod";
import { createDiagnostic, type Diagnostic } from "../../diagnostic.js";
import type { Profile } from "../../profiles/profile.js";
import type { DialectParser, DialectResult } from "../dialect-result.js";
import type { ConfigSource } from "../discover-config-files.js";
import { formatJsonPath } from "../format-json-path.js";
import type { HookDefinition } from "../hook-definition.js";

const commandHandlerSchema = z.object({
  type: z.literal("command"),
  command: z.union([
    z.string().trim().min(1, "command must not be empty"),
    z.array(z.string()).min(1, "command must not be an empty list"),
  ]),
  timeout: z.number().positive("timeout must be a positive number of seconds").finite().optional(),
  statusMessage: z.string().optional(),
  if: z.string().optional(),
});

const handlerKeys = new Set(["type", "command", "timeout", "statusMessage", "if"]);
const groupKeys = new Set(["matcher", "hooks"]);
const rootKeys = new Set(["hooks", "$schema", "description"]);

type Segment = string | number;

/**
 * Parses the Deep Agents Code `hooks.json` form: event → matcher groups → command handlers.
 * A bad handler or group is dropped with a diagnostic; valid siblings still load.
 */
export const parseDeepagentsConfig: DialectParser = (document, source, profile) => {
  const result: DialectResult = { definitions: [], diagnostics: [], groupCounts: {} };
  const report = (
    code: Diagnostic["code"],
    severity: Diagnostic["severity"],
    message: string,
    segments: Segment[],
  ) => {
    const path = formatJsonPath(segments);
    result.diagnostics.push(
      createDiagnostic(code, severity, message, { file: source.file, path: path || null }),
    );
  };
  if (!isRecord(document)) {
    report("invalid_config", "error", `${source.file} must contain a JSON object`, []);
    return result;
  }
  for (const key of Object.keys(document)) {
    if (!rootKeys.has(key))
      report("unknown_field", "warning", `Unknown top-level field "${key}"`, [key]);
  }
  const hooks = document.hooks;
  if (hooks === undefined) return result;
  if (!isRecord(hooks)) {
    report("invalid_config", "error", `"hooks" must be an object keyed by event name`, ["hooks"]);
    return result;
  }
  for (const [event, groups] of Object.entries(hooks)) {
    const spec = profile.events[event];
    if (spec === undefined || !spec.configurable) {
      const known = Object.entries(profile.events)
        .filter(([, candidate]) => candidate.configurable)
        .map(([name]) => name);
      report(
        "unknown_event",
        "warning",
        `${profile.title} has no hook event "${event}"; its handlers will never run (events: ${known.join(", ")})`,
        ["hooks", event],
      );
      continue;
    }
    if (!Array.isArray(groups)) {
      report("invalid_config", "error", `Event "${event}" must be a list of matcher groups`, [
        "hooks",
        event,
      ]);
      continue;
    }
    result.groupCounts[event] = groups.length;
    groups.forEach((group: unknown, groupIndex) => {
      parseGroup(group, [event, groupIndex], source, profile, result, report);
    });
  }
  return result;
};

function parseGroup(
  group: unknown,
  [event, groupIndex]: [string, number],
  source: ConfigSource,
  profile: Profile,
  result: DialectResult,
  report: (
    code: Diagnostic["code"],
    severity: Diagnostic["severity"],
    message: string,
    segments: Segment[],
  ) => void,
): void {
  const at: Segment[] = ["hooks", event, groupIndex];
  if (!isRecord(group)) {
    report("invalid_config", "error", "A matcher group must be an object with a hooks list", at);
    return;
  }
  for (const key of Object.keys(group)) {
    if (!groupKeys.has(key)) {
      report("unknown_field", "warning", `Unknown matcher group field "${key}"`, [...at, key]);
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
    const handlerAt: Segment[] = [...at, "hooks", handlerIndex];
    const definition = parseHandler(handler, handlerAt, profile, report);
    if (definition === null) return;
    result.definitions.push({
      event,
      matcher: typeof matcher === "string" ? matcher : null,
      if: definition.if ?? null,
      command: definition.command,
      timeoutMs: (definition.timeout ?? profile.defaultTimeoutSeconds) * 1000,
      statusMessage: definition.statusMessage ?? null,
      cwd: null,
      additionalContextLimit: null,
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

function parseHandler(
  handler: unknown,
  at: Segment[],
  profile: Profile,
  report: (
    code: Diagnostic["code"],
    severity: Diagnostic["severity"],
    message: string,
    segments: Segment[],
  ) => void,
): z.infer<typeof commandHandlerSchema> | null {
  if (!isRecord(handler)) {
    report("invalid_config", "error", "A handler must be an object", at);
    return null;
  }
  if (handler.type !== "command") {
    if (typeof handler.type === "string") {
      const known = profile.knownHandlerTypes.includes(handler.type) ? "" : "unknown and ";
      report(
        "unsupported_handler_type",
        "error",
        `Handler type "${handler.type}" is ${known}not supported by ${profile.title}; only "command" handlers run`,
        [...at, "type"],
      );
    } else {
      report("invalid_config", "error", `A handler needs "type": "command"`, [...at, "type"]);
    }
    return null;
  }
  for (const key of Object.keys(handler)) {
    if (!handlerKeys.has(key)) {
      report("unknown_field", "warning", `Unknown handler field "${key}"`, [...at, key]);
    }
  }
  const parsed = commandHandlerSchema.safeParse(handler);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
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
    return null;
  }
  return parsed.data;
}

function describeIssueField(segments: readonly PropertyKey[]): string {
  const field = formatJsonPath(segments);
  return field === "" ? "" : `${field}: `;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
