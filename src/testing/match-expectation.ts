import type { DispatchResult } from "../decide/dispatch-result.js";
import type { HookTestExpectation } from "./hook-test-case.js";

/** Lists how a dispatch result differs from a case's expectation (empty: it passed). */
export function matchExpectation(
  expectation: HookTestExpectation,
  result: DispatchResult,
): string[] {
  const failures = [
    expectation.decision !== undefined && expectation.decision !== result.decision
      ? `expected decision ${show(expectation.decision)}, got ${show(result.decision)}`
      : null,
    findTextMismatch("reason", expectation.reason, result.reason),
    findTextMismatch("additionalContext", expectation.additionalContext, result.additionalContext),
    expectation.continue !== undefined && expectation.continue !== result.continue
      ? `expected continue ${expectation.continue}, got ${result.continue}`
      : null,
    findTextMismatch("stopReason", expectation.stopReason, result.stopReason),
    findTextMismatch("systemMessage", expectation.systemMessage, result.systemMessages),
    expectation.hooksRun !== undefined && expectation.hooksRun !== countHookRuns(result)
      ? `expected hooksRun ${expectation.hooksRun}, got ${countHookRuns(result)}`
      : null,
  ];
  return failures.filter((failure) => failure !== null);
}

/** How many hooks of a dispatch ran: its runs but the skipped ones. */
export function countHookRuns(result: Pick<DispatchResult, "runs">): number {
  return result.runs.filter((run) => run.status !== "skipped").length;
}

// A text expectation holds when the text (or one of the texts) matches the pattern.
function findTextMismatch(
  field: string,
  pattern: string | undefined,
  actual: string | null | readonly string[],
): string | null {
  if (pattern === undefined) return null;
  const texts = typeof actual === "string" || actual === null ? [actual] : actual;
  if (texts.some((text) => matchText(pattern, text))) return null;
  return `expected ${field} ${describePattern(pattern)}, got ${show(actual)}`;
}

/** Whether `text` contains `pattern`, or matches it when it is written `/regex/flags`. */
export function matchText(pattern: string, text: string | null): boolean {
  if (text === null) return false;
  const regex = parseRegex(pattern);
  return regex === null ? text.includes(pattern) : regex.test(text);
}

function parseRegex(pattern: string): RegExp | null {
  const match = /^\/(.+)\/([dgimsuvy]*)$/s.exec(pattern);
  if (match === null) return null;
  try {
    return new RegExp(match[1] ?? "", match[2]);
  } catch {
    return null;
  }
}

function describePattern(pattern: string): string {
  return parseRegex(pattern) === null ? `to contain ${show(pattern)}` : `to match ${pattern}`;
}

function show(value: unknown): string {
  return JSON.stringify(value) ?? "undefined";
}
