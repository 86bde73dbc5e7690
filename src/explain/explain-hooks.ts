import { loadDialectParser } from "../config/dialects/dialect-parsers.js";
import type { ExcludedSource, ExclusionReason } from "../config/discoverers/discovered-sources.js";
import type { HookCommand, HookDefinition } from "../config/hook-definition.js";
import type { HostCallbackName } from "../config/required-host-callbacks.js";
import type { Diagnostic, DiagnosticCode } from "../diagnostic.js";
import type { CompiledHook, CompiledHooks } from "../match/compile-hooks.js";
import { describeDispatch } from "../match/describe-dispatch.js";
import { findPermissionRuleMatcher } from "../match/find-permission-rule-matcher.js";
import { type FailedCheck, type HandlerTrace, traceHandlerPlan } from "../match/plan-handlers.js";
import type { Profile } from "../profiles/profile.js";
import { checkBashOnlySyntax } from "../trust/check-bash-only-syntax.js";
import { checkHookScripts } from "../trust/check-hook-scripts.js";
import type { HookTrustState } from "../trust/evaluate-hook-trust.js";
import type { TrustGate } from "../trust/gate-hook-trust.js";
import type { NotHashedWord } from "../trust/resolve-hook-script.js";

/** Why a hook would not run: the kind of check that stops it, a message, and where it applies. */
export type ExplainReasonKind =
  | "event"
  | "matcher"
  | "if"
  | "trust"
  | "disabled"
  | "duplicate"
  | "invalid-config"
  | "script"
  | "shell"
  | ExclusionReason;

/** One reason a hook or a configuration item would not run. */
export interface ExplainReason {
  kind: ExplainReasonKind;
  message: string;
  /** The diagnostic code behind the reason, or null for plain filtering (event, matcher, `if`). */
  code: DiagnosticCode | null;
  /** The file and JSON path the reason is about (such as the policy setting), or null. */
  file: string | null;
  path: string | null;
  /** For `matcher`: the matcher as written and the value it was tested against. */
  matcher?: string | null;
  value?: string | null;
  /** For `if`: the rule as written. */
  rule?: string;
}

/** One configured hook (or configuration item that did not load) and whether it would run. */
export interface ExplainEntry {
  /** `<event>:<group>:<handler>` for a loaded hook; null for anything that did not load. */
  hookId: string | null;
  /** The event the hook is registered for, or null for a configuration item. */
  event: string | null;
  /** The configuration file, or null when the problem is not tied to one. */
  source: string | null;
  layer: string | null;
  path: string | null;
  command: HookCommand | null;
  matcher: string | null;
  /** The hook's trust state (`none` for profiles without trust), or null when it did not load. */
  trust: HookTrustState | null;
  /**
   * Script words of its command whose files trust cannot hash before it runs (so a replaced
   * file goes unnoticed); present only when there are some.
   */
  notHashed?: readonly NotHashedWord[];
  /**
   * `would-fail`: it would run, but a script it certainly runs is missing or not executable, or
   * its command is bash that `/bin/sh` will run.
   */
  verdict: "would-run" | "would-fail" | "skipped";
  /** Empty when it would run; the script and shell problems when it would fail. */
  reasons: ExplainReason[];
}

/** Why each configured hook would or would not run for one event and payload. */
export interface HookExplanation {
  /** The event explained (a subagent's event when `asSubagent` maps it). */
  event: string;
  /** The payload field matchers are tested on, or null when the event has none. */
  matchField: string | null;
  /**
   * The value matchers are tested on (`readMatchValue`: the field's value, or the file name where
   * the event matches on `basename`), or null when missing.
   */
  matchValue: string | null;
  /** Other names that value answers to (a tool's match aliases). */
  aliases: readonly string[];
  entries: ExplainEntry[];
  /** Problems with the request itself, such as an unknown event. */
  diagnostics: Diagnostic[];
}

/** Per-call facts `explain` shares with `dispatch`. */
export interface ExplainOptions {
  /** Explain the event as its subagent event (VS Code and Claude Code: Stop → SubagentStop). */
  asSubagent?: boolean;
}

/** The engine's loaded state that `explainHooks` reads. */
export interface ExplainContext {
  profile: Profile;
  cwd: string;
  home: string;
  sessionId: string;
  payloadDefaults: Readonly<Record<string, unknown>>;
  definitions: readonly HookDefinition[];
  excluded: readonly ExcludedSource[];
  diagnostics: readonly Diagnostic[];
  compiled: CompiledHooks;
  trustGate: TrustGate;
  /** The host callbacks the engine has: a prompt, agent or mcp_tool handler without its own is skipped. */
  availableCallbacks: ReadonlySet<HostCallbackName>;
}

/** Load-time codes that mean something configured did not load. */
const droppedCodes: ReadonlySet<DiagnosticCode> = new Set<DiagnosticCode>([
  "config_not_found",
  "invalid_json",
  "invalid_toml",
  "invalid_config",
  "unknown_event",
  "unsupported_handler_type",
  "invalid_matcher",
  "matcher_unsafe",
  "invalid_if",
  "invalid_plugin",
  "mixed_config_forms",
  "list_form_config",
  "project_untrusted",
  "hooks_disabled",
]);

/**
 * Walks every hook of every layer (loaded, dropped as invalid, or kept out by policy) and every
 * load failure, and says whether each would run for `event` and `payload`, and why not. It runs
 * nothing; trusted hooks are hashed again, as just before a real run.
 *
 * @example
 * ```ts
 * const explanation = await engine.explain("PreToolUse", { tool_name: "Bash", tool_input: {} });
 * for (const entry of explanation.entries) console.log(entry.verdict, entry.hookId, entry.reasons);
 * ```
 */
export async function explainHooks(
  context: ExplainContext,
  requestedEvent: string,
  payload: Readonly<Record<string, unknown>>,
  options: ExplainOptions = {},
): Promise<HookExplanation> {
  const { profile } = context;
  const described = describeDispatch(profile, requestedEvent, payload, {
    ...context,
    asSubagent: options.asSubagent,
    closed: false,
    action: "explained",
  });
  const { event, spec, matchField, matchValue, aliases, payload: built } = described;
  const diagnostics = described.refusal === null ? [] : [described.refusal];

  const compiledByDefinition = new Map<HookDefinition, CompiledHook>();
  for (const hooks of context.compiled.byEvent.values()) {
    for (const hook of hooks) compiledByDefinition.set(hook.definition, hook);
  }
  // Every loaded hook, planned as dispatch plans it, with every check it fails.
  const loaded = context.definitions.flatMap((definition) => {
    const hook = compiledByDefinition.get(definition);
    return hook === undefined ? [] : [hook];
  });
  const call = { event, value: matchValue ?? undefined, payload: built };
  const planContext = {
    cwd: context.cwd,
    home: context.home,
    aliases,
    gate: described.gate,
    deduplicate: profile.deduplicate,
  };
  const traces = new Map<HookDefinition, HandlerTrace>();
  for (const trace of traceHandlerPlan(loaded, call, planContext, { full: true })) {
    traces.set(trace.hook.definition, trace);
  }
  // Where matchers name files, messages say the value is the file name, not the whole field.
  const matchLabel =
    matchField !== null && spec?.matchOn === "basename"
      ? `the file name in ${matchField}`
      : matchField;
  const facts: CallFacts = { event, matchField, matchLabel, matchValue, aliases, built, profile };
  const scriptOptions = {
    cwd: context.cwd,
    home: context.home,
    projectDirectoryVariables: profile.projectDirectoryVariables,
    shell: profile.shell,
  };
  const entries: ExplainEntry[] = [];
  const used = new Set<Diagnostic>();
  for (const definition of context.definitions) {
    const trace = traces.get(definition);
    const reasons: ExplainReason[] = [];
    if (trace === undefined) {
      if (definition.event !== event) reasons.push(describeWrongEvent(definition, event));
      const dropped = findCompileDiagnostic(context.compiled.diagnostics, definition);
      if (dropped !== undefined) used.add(dropped);
      reasons.push(
        dropped === undefined
          ? {
              kind: "invalid-config",
              message: `${definition.event} is not an event of ${profile.title}; the handler did not load`,
              code: "unknown_event",
              file: definition.file,
              path: definition.path,
            }
          : fromDiagnostic("invalid-config", dropped),
      );
    } else {
      reasons.push(...trace.failed.map((failed) => describeFailedCheck(trace.hook, failed, facts)));
    }
    let verdict: ExplainEntry["verdict"] = "skipped";
    if (trace?.outcome === "run") {
      // As just before a real run: a trusted script that changed since load is refused.
      const changed = await context.trustGate.verify(trace.hook);
      if (changed !== null) {
        reasons.push(fromDiagnostic("trust", changed));
      } else {
        // A missing or non-executable script it certainly runs fails at dispatch.
        const problems = checkHookScripts([definition], scriptOptions);
        reasons.push(...problems.map((problem) => fromDiagnostic("script", problem)));
        // Bash written for /bin/sh fails there (`[[: not found`, a syntax error) whatever it decides.
        const syntax = checkBashOnlySyntax([definition], profile);
        reasons.push(...syntax.map((problem) => fromDiagnostic("shell", problem)));
        verdict = problems.length === 0 && syntax.length === 0 ? "would-run" : "would-fail";
      }
    }
    entries.push({
      hookId:
        trace?.hook.id ?? `${definition.event}:${definition.groupIndex}:${definition.handlerIndex}`,
      ...describeConfiguredHook(definition),
      trust: trace === undefined ? null : describeTrust(definition, context.trustGate),
      ...describeNotHashed(definition, context.trustGate),
      verdict,
      reasons,
    });
  }
  for (const excluded of context.excluded) {
    used.add(excluded.diagnostic);
    for (const definition of await parseExcludedSource(excluded, profile)) {
      const reasons: ExplainReason[] = [fromDiagnostic(excluded.reason, excluded.diagnostic)];
      if (definition.event !== event) reasons.unshift(describeWrongEvent(definition, event));
      entries.push({
        hookId: null,
        ...describeConfiguredHook(definition),
        trust: null,
        verdict: "skipped",
        reasons,
      });
    }
  }
  // A handler that loaded though its host callback is missing is explained above, not as dropped.
  const loadedTypes = new Set(context.definitions.map((item) => `${item.file}\0${item.path}.type`));
  for (const diagnostic of context.diagnostics) {
    if (!droppedCodes.has(diagnostic.code) || used.has(diagnostic)) continue;
    if (loadedTypes.has(`${diagnostic.file}\0${diagnostic.path}`)) continue;
    entries.push({
      hookId: null,
      event: null,
      source: diagnostic.file,
      layer: null,
      path: diagnostic.path,
      command: null,
      matcher: null,
      trust: null,
      verdict: "skipped",
      reasons: [fromDiagnostic(classifyDiagnostic(diagnostic), diagnostic)],
    });
  }
  return { event, matchField, matchValue, aliases, entries, diagnostics };
}

// Where a hook is configured and what it runs, as an entry lists it.
function describeConfiguredHook(
  definition: HookDefinition,
): Pick<ExplainEntry, "event" | "source" | "layer" | "path" | "command" | "matcher"> {
  return {
    event: definition.event,
    source: definition.file,
    layer: definition.layer,
    path: definition.path,
    command: definition.command,
    matcher: definition.matcher,
  };
}

function describeNotHashed(
  definition: HookDefinition,
  gate: TrustGate,
): { notHashed?: readonly NotHashedWord[] } {
  const notHashed = gate.notHashedOf(definition);
  return notHashed.length > 0 ? { notHashed } : {};
}

// Profiles without trust review still mark administrator hooks managed.
function describeTrust(definition: HookDefinition, gate: TrustGate): HookTrustState {
  return definition.trust === "managed" ? "managed" : gate.stateOf(definition);
}

function describeWrongEvent(definition: HookDefinition, event: string): ExplainReason {
  return {
    kind: "event",
    message: `registered for ${definition.event}, not ${event}`,
    code: null,
    file: definition.file,
    path: definition.path,
  };
}

function fromDiagnostic(kind: ExplainReasonKind, diagnostic: Diagnostic): ExplainReason {
  return {
    kind,
    message: diagnostic.message,
    code: diagnostic.code,
    file: diagnostic.file,
    path: diagnostic.path,
  };
}

/** What a failed check's message says about the call. */
interface CallFacts {
  event: string;
  matchField: string | null;
  /** How messages name the tested value: the match field, or the file name in it. */
  matchLabel: string | null;
  matchValue: string | null;
  aliases: readonly string[];
  built: Readonly<Record<string, unknown>>;
  profile: Profile;
}

function describeFailedCheck(
  hook: CompiledHook,
  failed: FailedCheck,
  facts: CallFacts,
): ExplainReason {
  const { definition } = hook;
  switch (failed.check) {
    case "event":
      return describeWrongEvent(definition, facts.event);
    case "matcher": {
      const { matchValue, aliases } = facts;
      const field = facts.matchLabel ?? "the match field";
      const also = aliases.length > 0 ? ` (nor its aliases ${aliases.join(", ")})` : "";
      const shaped =
        definition.matcher === null
          ? null
          : findPermissionRuleMatcher(definition.matcher, hook.matcher, facts.profile);
      // A permission rule as a matcher: say where the rule goes.
      const hint =
        shaped === null
          ? ""
          : `; it is shaped like a permission rule, but a matcher is tested against the tool name only: match "${shaped.tool}" and ${facts.profile.events[definition.event]?.supportsIf === true ? `put the rule in the handler's "if"` : "check the tool input in the hook itself"}`;
      return {
        kind: "matcher",
        message:
          matchValue === null
            ? `matcher ${JSON.stringify(definition.matcher)} needs ${field}, which the payload does not have`
            : `matcher ${JSON.stringify(definition.matcher)} does not match ${field} ${JSON.stringify(matchValue)}${also}${hint}`,
        code: null,
        file: definition.file,
        path: definition.groupPath,
        matcher: definition.matcher,
        value: matchValue,
      };
    }
    case "if-unsupported":
      return {
        kind: "if",
        message: `"if" is only supported on tool events; this ${definition.event} handler never runs`,
        code: "if_not_supported",
        file: definition.file,
        path: `${definition.path}.if`,
        rule: definition.if ?? "",
      };
    case "if": {
      const toolName = facts.built.tool_name;
      return {
        kind: "if",
        message:
          typeof toolName === "string"
            ? `if ${JSON.stringify(definition.if)} does not match this call (${describeCall(toolName, facts.built.tool_input)})`
            : `if ${JSON.stringify(definition.if)} needs a tool call, and the payload has no tool_name`,
        code: null,
        file: definition.file,
        path: `${definition.path}.if`,
        rule: definition.if ?? "",
      };
    }
    case "gate":
      return fromDiagnostic(
        failed.refusal.code === "hook_disabled" ? "disabled" : "trust",
        failed.refusal,
      );
    case "duplicate":
      return {
        kind: "duplicate",
        message: `the same command runs for ${facts.event} as ${failed.survivor.id} (${failed.survivor.definition.layer} layer)`,
        code: "duplicate_handler",
        file: definition.file,
        path: definition.path,
      };
  }
}

function describeCall(toolName: string, toolInput: unknown): string {
  const parts = [`tool_name ${JSON.stringify(toolName)}`];
  if (typeof toolInput === "object" && toolInput !== null) {
    for (const field of ["command", "file_path", "path", "url"]) {
      const value: unknown = Reflect.get(toolInput, field);
      if (typeof value === "string") parts.push(`${field} ${JSON.stringify(value)}`);
    }
  }
  return parts.join(", ");
}

function findCompileDiagnostic(
  diagnostics: readonly Diagnostic[],
  definition: HookDefinition,
): Diagnostic | undefined {
  const paths = new Set([`${definition.groupPath}.matcher`, `${definition.path}.if`]);
  return diagnostics.find(
    (diagnostic) =>
      diagnostic.severity === "error" &&
      diagnostic.file === definition.file &&
      diagnostic.path !== null &&
      paths.has(diagnostic.path),
  );
}

function classifyDiagnostic(diagnostic: Diagnostic): ExplainReasonKind {
  if (diagnostic.code === "project_untrusted") return "project-untrusted";
  if (diagnostic.code !== "hooks_disabled") return "invalid-config";
  const managedOnly =
    diagnostic.path === "allow_managed_hooks_only" || diagnostic.path === "allowManagedHooksOnly";
  return managedOnly ? "managed-only" : "hooks-off";
}

async function parseExcludedSource(
  excluded: ExcludedSource,
  profile: Profile,
): Promise<readonly HookDefinition[]> {
  const { source } = excluded;
  if (source.document === undefined) return [];
  const parser = await loadDialectParser(source.dialect);
  if (parser === undefined) return [];
  return parser(source.document, source, profile).definitions;
}
