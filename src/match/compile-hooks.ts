import type { HookDefinition } from "../config/hook-definition.js";
import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import { findEventSpec } from "../profiles/find-event-spec.js";
import type { Profile } from "../profiles/profile.js";
import { type CompiledMatcher, compileMatcher, isMatchAllMatcher } from "./compile-matcher.js";
import { type CompiledPermissionRule, compilePermissionRule } from "./compile-permission-rule.js";
import { findMisspelledToolNames } from "./find-misspelled-tool-names.js";
import { findPermissionRuleMatcher } from "./find-permission-rule-matcher.js";

/** A handler definition with its matcher and `if` rule compiled once, at load. */
export interface CompiledHook {
  /** `<event>:<group>:<handler>`, unique within one engine's configuration. */
  id: string;
  definition: HookDefinition;
  matcher: CompiledMatcher;
  rule: CompiledPermissionRule | null;
  /** True when an `if` is set on an event that does not support it: the handler never runs. */
  ifUnsupported: boolean;
}

/** Compiled handlers grouped by event, in configuration order. */
export interface CompiledHooks {
  byEvent: ReadonlyMap<string, readonly CompiledHook[]>;
  diagnostics: Diagnostic[];
}

/**
 * Compiles every matcher and `if` rule; an invalid matcher drops its whole group and an
 * invalid `if` drops its handler, each with a diagnostic.
 */
export function compileHooks(
  definitions: readonly HookDefinition[],
  profile: Profile,
): CompiledHooks {
  const byEvent = new Map<string, CompiledHook[]>();
  const diagnostics: Diagnostic[] = [];
  const groupMatchers = new Map<string, CompiledMatcher | null>();
  for (const definition of definitions) {
    const spec = findEventSpec(profile, definition.event);
    if (spec === undefined) continue;
    const groupKey = `${definition.file}\u0000${definition.groupPath}`;
    let matcher = groupMatchers.get(groupKey);
    if (matcher === undefined) {
      matcher = compileGroupMatcher(definition, spec.matchField, profile, diagnostics);
      groupMatchers.set(groupKey, matcher);
    }
    if (matcher === null) continue;
    let rule: CompiledPermissionRule | null = null;
    if (definition.if !== null && spec.supportsIf) {
      const compiled = compilePermissionRule(definition.if);
      if (!compiled.ok) {
        diagnostics.push(
          createDiagnostic(
            "invalid_if",
            "error",
            `Invalid if rule ${JSON.stringify(definition.if)}: ${compiled.error}; the handler is skipped`,
            { file: definition.file, path: `${definition.path}.if` },
          ),
        );
        continue;
      }
      rule = compiled.rule;
    }
    const producesContext =
      spec.plainStdout === "context" || spec.specificFields.supported.includes("additionalContext");
    if (definition.additionalContextLimit !== null && !producesContext) {
      diagnostics.push(
        createDiagnostic(
          "unsupported_field",
          "warning",
          `${definition.event} cannot produce additional context; additionalContextLimit is ignored`,
          { file: definition.file, path: `${definition.path}.additionalContextLimit` },
        ),
      );
    }
    const ifUnsupported = definition.if !== null && !spec.supportsIf;
    if (ifUnsupported) {
      diagnostics.push(
        createDiagnostic(
          "if_not_supported",
          "warning",
          `${definition.event} does not support "if" (only tool events do); this handler will never run`,
          { file: definition.file, path: `${definition.path}.if` },
        ),
      );
    }
    const hook: CompiledHook = {
      id: `${definition.event}:${definition.groupIndex}:${definition.handlerIndex}`,
      definition,
      matcher,
      rule,
      ifUnsupported,
    };
    const list = byEvent.get(definition.event);
    if (list === undefined) byEvent.set(definition.event, [hook]);
    else list.push(hook);
  }
  return { byEvent, diagnostics };
}

function compileGroupMatcher(
  definition: HookDefinition,
  matchField: string | null,
  profile: Profile,
  diagnostics: Diagnostic[],
): CompiledMatcher | null {
  const where = { file: definition.file, path: `${definition.groupPath}.matcher` };
  // An event without a match field does not support matchers: whatever is written (even a
  // pattern that would not compile) is ignored, never a reason to drop the group.
  const compiled = compileMatcher(
    matchField === null ? null : definition.matcher,
    profile.events[definition.event]?.matcherSyntax ?? profile.matcherSyntax,
  );
  const toolMatcher =
    matchField !== null && matchField === profile.toolNameField && definition.matcher !== null
      ? definition.matcher
      : null;
  if (!compiled.ok) {
    const hint =
      toolMatcher === null ? "" : describeRuleShape(toolMatcher, null, definition, profile);
    diagnostics.push(
      createDiagnostic(
        compiled.code,
        "error",
        `${compiled.error}; the group is skipped${hint === "" ? "" : ` (${hint})`}`,
        where,
      ),
    );
    return null;
  }
  if (toolMatcher !== null) {
    const hint = describeRuleShape(toolMatcher, compiled.matcher, definition, profile);
    if (hint !== "") {
      diagnostics.push(
        createDiagnostic(
          "matcher_unknown_tool",
          "warning",
          `The matcher ${JSON.stringify(toolMatcher)} never matches: ${hint}`,
          where,
        ),
      );
    }
    for (const { name, closest } of findMisspelledToolNames(toolMatcher, profile)) {
      diagnostics.push(
        createDiagnostic(
          "matcher_unknown_tool",
          "warning",
          `The matcher ${JSON.stringify(toolMatcher)} names "${name}", which ${profile.title} has no tool called (did you mean "${closest}"?); it never matches ${closest}`,
          where,
        ),
      );
    }
  }
  if (matchField === null && !isMatchAllMatcher(definition.matcher)) {
    diagnostics.push(
      createDiagnostic(
        "matcher_ignored",
        "warning",
        `${definition.event} has no matcher field; the matcher ${JSON.stringify(definition.matcher)} is ignored and the group runs on every ${definition.event}`,
        where,
      ),
    );
  }
  return compiled.matcher;
}

// A matcher written as a permission rule: what it is and what to write instead, or "".
function describeRuleShape(
  matcher: string,
  compiled: CompiledMatcher | null,
  definition: HookDefinition,
  profile: Profile,
): string {
  const shaped = findPermissionRuleMatcher(matcher, compiled, profile);
  if (shaped === null) return "";
  const instead = profile.events[definition.event]?.supportsIf
    ? `put the rule in the handler's "if": "if": ${JSON.stringify(shaped.rule)}`
    : "check the tool input in the hook itself";
  return `it is shaped like a permission rule, but a matcher is tested against the tool name only; match "${shaped.tool}" and ${instead}`;
}
