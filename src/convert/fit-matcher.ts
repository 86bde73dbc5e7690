import { type ConversionIssue, createLossyIssue } from "./conversion-issue.js";
import { describeCanonicalEvent } from "./event-catalog.js";
import type { HookFormat } from "./hook-format.js";
import { isAllMatcher, isValidPattern, parseExactMatcher } from "./matcher-shape.js";
import type { PortableHook } from "./portable-hooks.js";
import { findPartialToolGroups } from "./translate-tool-names.js";

/**
 * Fits a hook's matcher to a target: dropped (the hook then fires for everything) where the target
 * has no matchers or ignores them on the event, carried as is when it is a regular expression
 * naming the source's own tools, kept otherwise. Each loss is an issue.
 */
export function fitMatcher(
  hook: PortableHook,
  source: HookFormat,
  target: HookFormat,
  issues: ConversionIssue[],
): string | null {
  const matcher = hook.matcher;
  if (isAllMatcher(matcher)) return target.matchers === null ? null : matcher;
  const subject = `matcher ${JSON.stringify(matcher)}`;
  const path = hook.origin.matcherPath ?? hook.origin.path;
  const { matchSubject, toolEvent } = describeCanonicalEvent(hook.event);
  if (target.matchers === null) {
    issues.push(
      createLossyIssue(
        subject,
        path,
        `${target.title} has no matchers; the hook is kept and fires for every ${matchSubject}`,
      ),
    );
    return null;
  }
  const targetEvent = target.events[hook.event];
  if (targetEvent?.ignoresMatcher === true) {
    issues.push(
      createLossyIssue(
        subject,
        path,
        `${target.title} ignores matchers on ${targetEvent.name}; the hook is kept and fires on every ${targetEvent.name}`,
      ),
    );
    return null;
  }
  if (hook.matcherFormat !== null && hook.matcherFormat !== target.name) {
    issues.push(
      createLossyIssue(
        subject,
        path,
        `the regular expression names ${source.title} tools and cannot be translated reliably; it is carried as is`,
      ),
    );
    return matcher;
  }
  if (source.name === target.name) return matcher;
  if (toolEvent) {
    const shape = parseExactMatcher(matcher);
    const selects =
      shape.kind === "names"
        ? (name: string) => shape.names.includes(name)
        : (name: string) => isValidPattern(matcher ?? "") && new RegExp(matcher ?? "").test(name);
    for (const group of findPartialToolGroups(selects, target.toolNames)) {
      issues.push(
        createLossyIssue(
          subject,
          path,
          `${target.title} has one tool, ${group.tool}, for ${[...group.listed, ...group.missing].join(" and ")}, so the hook also fires for ${group.missing.join(" and ")}`,
        ),
      );
    }
  }
  return matcher;
}
