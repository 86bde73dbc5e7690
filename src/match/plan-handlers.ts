import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import type { DeduplicationRules, EventSpec } from "../profiles/profile.js";
import type { CompiledHook } from "./compile-hooks.js";
import type { CompiledPermissionRule } from "./compile-permission-rule.js";
import { findDuplicateHandlers } from "./find-duplicate-handlers.js";
import { readMatchValue } from "./read-match-value.js";

/** A handler chosen for an event: to run, or listed as skipped with the diagnostic saying why. */
export interface PlannedHandler {
  hook: CompiledHook;
  skip: Diagnostic | null;
}

/** Facts about the call that matchers and `if` rules read, and an optional gate (such as trust). */
export interface PlanContext {
  cwd: string;
  home: string;
  /** Other names the matched value also answers to (a tool's match aliases). */
  aliases: readonly string[];
  /** Returns why a matching handler must not run, or null to run it. */
  gate?: (hook: CompiledHook) => Diagnostic | null;
  /** The profile's rule for identical handlers, or null when every copy runs. */
  deduplicate: DeduplicationRules | null;
}

/** The call a plan is for: its event, the value matchers test, and the payload `if` rules read. */
export interface PlanCall {
  /** Hooks registered for another event are filtered out; null when every hook is the event's. */
  event: string | null;
  /** The value matchers test (`readMatchValue`), or undefined when there is none. */
  value: string | undefined;
  payload: Readonly<Record<string, unknown>>;
}

/** What planning does with a hook: run it, list it as a skipped run, or leave it out. */
export type HandlerOutcome = "run" | "skip" | "filtered";

/** The checks that keep a hook from running, in the order planning applies them. */
export type HandlerCheck = "event" | "matcher" | "if-unsupported" | "if" | "gate" | "duplicate";

/** A check a hook failed, with what it found: the gate's refusal, or the copy that runs instead. */
export type FailedCheck =
  | { readonly check: "event" | "matcher" | "if-unsupported" | "if" }
  | { readonly check: "gate"; readonly refusal: Diagnostic }
  | { readonly check: "duplicate"; readonly survivor: CompiledHook };

/** One hook's plan: its outcome, the check that decided it, and every check it failed. */
export interface HandlerTrace extends PlannedHandler {
  outcome: HandlerOutcome;
  /** The check that decided a skip or a filter (the first one failed), or null when it runs. */
  reason: HandlerCheck | null;
  /** The checks failed, in planning order: only the deciding one unless traced in full. */
  failed: readonly FailedCheck[];
}

// Another event, a matcher or an `if` rule leaves a hook out; the other checks list it as skipped.
const outcomeOfCheck = {
  event: "filtered",
  matcher: "filtered",
  "if-unsupported": "skip",
  if: "filtered",
  gate: "skip",
  duplicate: "skip",
} as const satisfies Record<HandlerCheck, HandlerOutcome>;

const eventCheck: FailedCheck = { check: "event" };
const matcherCheck: FailedCheck = { check: "matcher" };
const ifUnsupportedCheck: FailedCheck = { check: "if-unsupported" };
const ifCheck: FailedCheck = { check: "if" };

/**
 * Picks the handlers an event runs, in configuration order: the `run` and `skip` entries of
 * `traceHandlerPlan` (matcher on the event's field or an alias, the `if` rule, the gate, then
 * duplicates), as dispatch runs and reports them.
 */
export function planHandlers(
  hooks: readonly CompiledHook[],
  payload: Readonly<Record<string, unknown>>,
  spec: EventSpec,
  context: PlanContext,
): PlannedHandler[] {
  const value = readMatchValue(spec, payload) ?? undefined;
  const traces = traceHandlerPlan(hooks, { event: null, value, payload }, context);
  return traces.filter((trace) => trace.outcome !== "filtered");
}

/**
 * Plans every hook given, one entry each in order: `traceHandler` decides each hook, then, of
 * the hooks that would run, identical copies the profile merges are skipped as duplicates
 * (`full` applies every check instead of stopping at the first failure, for `explain`).
 *
 * @example
 * ```ts
 * const call = { event: "PreToolUse", value: "Bash", payload };
 * for (const trace of traceHandlerPlan(hooks, call, context, { full: true })) {
 *   console.log(trace.hook.id, trace.outcome, trace.reason);
 * }
 * ```
 */
export function traceHandlerPlan(
  hooks: readonly CompiledHook[],
  call: PlanCall,
  context: PlanContext,
  options: { full?: boolean } = {},
): HandlerTrace[] {
  const full = options.full === true;
  const traces = hooks.map((hook) => traceHandler(hook, call, context, full));
  if (context.deduplicate === null) return traces;
  const running = traces.filter((trace) => trace.outcome === "run").map((trace) => trace.hook);
  const duplicates = findDuplicateHandlers(running, context.deduplicate);
  if (duplicates.size === 0) return traces;
  for (const trace of traces) {
    const survivor = duplicates.get(trace.hook);
    if (survivor === undefined) continue;
    trace.outcome = "skip";
    trace.reason = "duplicate";
    trace.skip = describeDuplicate(trace.hook, survivor);
    // Only a hook that would run is a duplicate: it failed no other check.
    trace.failed = [{ check: "duplicate", survivor }];
  }
  return traces;
}

/**
 * Decides one hook, duplicates aside: its event, its matcher (or an alias), its `if` rule (or an
 * `if` its event does not support), then the gate; stops at the first failed check unless `full`.
 */
export function traceHandler(
  hook: CompiledHook,
  call: PlanCall,
  context: PlanContext,
  full = false,
): HandlerTrace {
  const failed: FailedCheck[] = [];
  if (call.event !== null && hook.definition.event !== call.event) {
    failed.push(eventCheck);
  } else {
    if (!matchesValue(hook, call.value, context.aliases)) failed.push(matcherCheck);
    if (full || failed.length === 0) {
      if (hook.ifUnsupported) failed.push(ifUnsupportedCheck);
      else if (hook.rule !== null && !matchesRule(hook.rule, call.payload, context)) {
        failed.push(ifCheck);
      }
    }
  }
  const refusal = full || failed.length === 0 ? (context.gate?.(hook) ?? null) : null;
  if (refusal !== null) failed.push({ check: "gate", refusal });
  const first = failed[0];
  if (first === undefined) return { hook, skip: null, outcome: "run", reason: null, failed };
  const outcome = outcomeOfCheck[first.check];
  let skip: Diagnostic | null = null;
  if (first.check === "gate") skip = first.refusal;
  else if (first.check === "if-unsupported") skip = describeIfUnsupported(hook);
  return { hook, skip, outcome, reason: first.check, failed };
}

function matchesValue(
  hook: CompiledHook,
  value: string | undefined,
  aliases: readonly string[],
): boolean {
  return hook.matcher.test(value) || aliases.some((alias) => hook.matcher.test(alias));
}

function matchesRule(
  rule: CompiledPermissionRule,
  payload: Readonly<Record<string, unknown>>,
  context: PlanContext,
): boolean {
  const toolName = payload.tool_name;
  return (
    typeof toolName === "string" &&
    rule.test({
      toolName,
      toolInput: payload.tool_input,
      cwd: typeof payload.cwd === "string" ? payload.cwd : context.cwd,
      home: context.home,
    })
  );
}

function describeIfUnsupported(hook: CompiledHook): Diagnostic {
  const { definition } = hook;
  return createDiagnostic(
    "if_not_supported",
    "warning",
    `${definition.event} handler skipped: "if" is only supported on tool events (${definition.file} ${definition.path})`,
    { file: definition.file, path: definition.path },
  );
}

function describeDuplicate(hook: CompiledHook, survivor: CompiledHook): Diagnostic {
  const { definition } = hook;
  const kept = survivor.definition;
  return createDiagnostic(
    "duplicate_handler",
    "info",
    `${definition.event} handler skipped: the same command runs for this event as ${survivor.id} (${kept.layer} layer, ${kept.file} ${kept.path}) (${definition.file} ${definition.path})`,
    { file: definition.file, path: definition.path },
  );
}
