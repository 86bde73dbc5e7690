import { readOwn } from "../shared/read-own.js";
import { type ConversionIssue, createLossyIssue } from "./conversion-issue.js";
import { describeCanonicalEvent } from "./event-catalog.js";
import type { HookFormat } from "./hook-format.js";
import {
  isAllMatcher,
  isValidPattern,
  parseExactMatcher,
  parseRegexMatcher,
} from "./matcher-shape.js";
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
  const targetEvent = readOwn(target.events, hook.event);
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
  const single = parseExactMatcher(matcher);
  const oneName = single.kind === "names" && single.names.length === 1;
  if (targetEvent?.exactMatcher === true && !oneName && source.name !== target.name) {
    issues.push(
      createLossyIssue(
        subject,
        path,
        `${target.title} compares the matcher on ${targetEvent.name} as one exact string, so a list or regular expression matches nothing; it is carried as is`,
      ),
    );
    return matcher;
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
  const loss = target.describeMatcherLoss?.(hook.event, matcher ?? "") ?? null;
  if (loss !== null) {
    issues.push(createLossyIssue(subject, path, loss));
    return matcher;
  }
  if (toolEvent) {
    const shape = parseExactMatcher(matcher);
    // The writer of such a target renames anchored name lists (`^Bash$`) as it renames names.
    const anchoredNames = shape.kind === "regex" && isAnchoredNameList(shape.pattern);
    if (
      shape.kind === "regex" &&
      !anchoredNames &&
      target.toolNames.matchesInternalNames === true
    ) {
      const renamed = findRenamedTools(shape.pattern, target);
      if (renamed.length > 0) {
        issues.push(
          createLossyIssue(
            subject,
            path,
            `${target.title} matches its own tool names (${renamed.join(", ")}), which the regular expression does not name; it is carried as is`,
          ),
        );
      }
    }
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

// Public tool names the pattern selects that the target matches only under its own name.
function findRenamedTools(pattern: string, target: HookFormat): string[] {
  if (!isValidPattern(pattern)) return [];
  const expression = new RegExp(pattern);
  return Object.entries(target.toolNames.internalNames)
    .filter(([own, publicName]) => expression.test(publicName) && !expression.test(own))
    .map(([own, publicName]) => `${own} for ${publicName}`);
}

function isAnchoredNameList(pattern: string): boolean {
  const reading = parseRegexMatcher(pattern);
  return reading.exact && reading.shape.kind === "names";
}
