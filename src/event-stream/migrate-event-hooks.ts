import { detectConfigForm } from "../config/detect-config-form.js";
import { parseJsonDocument } from "../config/parse-json-document.js";
import { type ConversionIssue, createConversionIssue } from "../convert/conversion-issue.js";
import { deepagentsProfile } from "../profiles/deepagents.js";
import { isRecord } from "../shared/is-record.js";
import { quoteShellWords } from "../shell/quote-shell-word.js";
import { defaultTimeoutSeconds } from "./create-event-dispatcher.js";
import type { EventHook } from "./event-hook.js";
import { eventStreamEvents, isEventStreamEvent } from "./event-stream-events.js";
import { parseEventHooks } from "./parse-event-hooks.js";

/**
 * Something `migrate` could not carry over unchanged (`lossy`) or a remark (`note`): a conversion
 * issue without a subject, its `path` in the list-form file (`hooks[1]`) or null.
 */
export type MigrationIssue = ConversionIssue;

/** The decision-form document, its JSON text, and what did not carry over. */
export type MigrationResult =
  | {
      ok: true;
      document: { description: string; hooks: Record<string, unknown[]> };
      output: string;
      issues: MigrationIssue[];
      /** True when any issue is `lossy`. */
      lossy: boolean;
    }
  | { ok: false; error: string };

/**
 * Each event-stream event's decision-form counterpart, in lifecycle order, with what the
 * counterpart loses; an event missing here has no counterpart at all.
 */
const decisionCounterparts: readonly {
  event: string;
  decisionEvent: string;
  loss: string | null;
}[] = [
  { event: "session.start", decisionEvent: "SessionStart", loss: null },
  { event: "user.prompt", decisionEvent: "UserPromptSubmit", loss: null },
  { event: "permission.request", decisionEvent: "PermissionRequest", loss: null },
  { event: "tool.use", decisionEvent: "PreToolUse", loss: null },
  {
    event: "tool.result",
    decisionEvent: "PostToolUse",
    loss: "PostToolUse fires only after a tool ran, so results of rejected or cancelled calls are not delivered, and it carries no tool_status",
  },
  { event: "context.compact", decisionEvent: "PreCompact", loss: null },
  { event: "task.complete", decisionEvent: "Stop", loss: null },
  { event: "session.end", decisionEvent: "SessionEnd", loss: null },
];

/** What the migrated handlers are told in the output's `description`. */
export const migrationDescription =
  'Migrated from the event-stream list form by `agent-hooks migrate`: each handler is observe-only (stdout discarded, exit status ignored) and receives the decision-form payload (hook_event_name, tool_name, tool_input, ...) instead of {"event": ...}; see docs/events.md#migrate.';

/**
 * Rewrites a list-form `hooks.json` (event stream) into the Deep Agents Code decision form:
 * each entry becomes one matcher-less group per counterpart event, running the argv as a quoted
 * shell command made observe-only (`<command> >/dev/null || true`, timeout 60 s). Events without
 * a runnable counterpart, partial counterparts and malformed entries are reported as `lossy`.
 *
 * @example
 * ```ts
 * const result = migrateEventHooks('{"hooks": [{"command": ["bash", "a.sh"], "events": ["session.start"]}]}', "hooks.json");
 * if (result.ok) process.stdout.write(result.output); // {"hooks": {"SessionStart": [...]}}
 * ```
 */
export function migrateEventHooks(text: string, file: string): MigrationResult {
  const parsed = parseJsonDocument(text, file);
  if (!parsed.ok) return { ok: false, error: parsed.diagnostic.message };
  const shape = detectConfigForm(parsed.value);
  if (shape.form === "invalid") {
    return {
      ok: false,
      error: `${file} is not an event-stream hooks file: it needs "hooks": [...]`,
    };
  }
  if (shape.form === "decision") {
    return { ok: false, error: `${file} is already in the decision form ("hooks" is an object)` };
  }
  const { hooks, diagnostics } = parseEventHooks(parsed.value, file);
  const issues: MigrationIssue[] = [];
  for (const diagnostic of diagnostics) {
    if (diagnostic.code === "unknown_event") continue; // reported below, per entry
    const lossy = diagnostic.severity === "error";
    issues.push(
      createConversionIssue(
        lossy ? "lossy" : "note",
        null,
        diagnostic.path,
        lossy ? diagnostic.message : `${diagnostic.message}; it is not carried over`,
      ),
    );
  }
  if (isRecord(parsed.value) && parsed.value.description !== undefined) {
    issues.push(
      createConversionIssue(
        "note",
        null,
        "description",
        "the description is replaced by the migration note",
      ),
    );
  }
  const groups = new Map<string, unknown[]>();
  for (const hook of hooks) {
    for (const event of migrateHook(hook, groups, issues)) {
      issues.push(createConversionIssue("lossy", null, hook.path, event));
    }
  }
  const document = {
    description: migrationDescription,
    hooks: Object.fromEntries(
      decisionCounterparts
        .map(({ decisionEvent }) => [decisionEvent, groups.get(decisionEvent)] as const)
        .filter((entry): entry is readonly [string, unknown[]] => entry[1] !== undefined),
    ),
  };
  return {
    ok: true,
    document,
    output: `${JSON.stringify(document, null, 2)}\n`,
    issues: issues.map((issue) => ({ ...issue, file })),
    lossy: issues.some((issue) => issue.kind === "lossy"),
  };
}

/** Adds one group per counterpart of the hook's events; returns a message per thing lost. */
function migrateHook(
  hook: EventHook,
  groups: Map<string, unknown[]>,
  issues: MigrationIssue[],
): string[] {
  const listensToAll = hook.events.length === 0;
  const events = listensToAll ? Object.keys(eventStreamEvents) : [...new Set(hook.events)];
  const handler = {
    type: "command",
    command: `${quoteShellWords(hook.command)} >/dev/null || true`,
    timeout: defaultTimeoutSeconds,
  };
  const lost: { event: string; reason: string }[] = [];
  for (const event of events) {
    const counterpart = decisionCounterparts.find((candidate) => candidate.event === event);
    if (counterpart === undefined) {
      const reason = isEventStreamEvent(event)
        ? "the decision form has no counterpart event"
        : "it is not an event-stream event, and the decision form has no counterpart";
      lost.push({ event, reason });
      continue;
    }
    const availability = findDecisionEvent(counterpart.decisionEvent);
    if (availability === "missing" || availability === "not configurable") {
      const reason =
        availability === "missing"
          ? `${deepagentsProfile.title} has no ${counterpart.decisionEvent} event`
          : `${deepagentsProfile.title} runs no ${counterpart.decisionEvent} hooks`;
      lost.push({ event, reason });
      continue;
    }
    const list = groups.get(counterpart.decisionEvent) ?? [];
    list.push({ hooks: [handler] });
    groups.set(counterpart.decisionEvent, list);
    if (counterpart.loss !== null) {
      issues.push(
        createConversionIssue(
          "lossy",
          null,
          hook.path,
          `${event} becomes ${counterpart.decisionEvent} only in part: ${counterpart.loss}`,
        ),
      );
    }
  }
  if (lost.length === 0) return [];
  if (listensToAll) {
    const names = lost.map((item) => item.event).join(", ");
    return [
      `listens to every event; these have no ${deepagentsProfile.title} decision event and are dropped: ${names}`,
    ];
  }
  return lost.map((item) => `${item.event} has no equivalent (${item.reason}); it is dropped`);
}

function findDecisionEvent(name: string): "runnable" | "missing" | "not configurable" {
  const events: Readonly<Record<string, { configurable: boolean }>> = deepagentsProfile.events;
  const spec = events[name];
  if (spec === undefined) return "missing";
  return spec.configurable ? "runnable" : "not configurable";
}
