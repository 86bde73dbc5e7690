import type { DispatchResult } from "../decide/dispatch-result.js";
import type { HookTestExpectation } from "./hook-test-case.js";

/** Lists how a dispatch result differs from a case's expectation (empty: it passed). */
export function matchExpectation(
  expectation: HookTestExpectation,
  result: DispatchResult,
): string[] {
  const failures: string[] = [];
  if (expectation.decision !== undefined && expectation.decision !== result.decision) {
    failures.push(`expected decision ${show(expectation.decision)}, got ${show(result.decision)}`);
  }
  if (expectation.reason !== undefined && !matchText(expectation.reason, result.reason)) {
    failures.push(
      `expected reason ${describePattern(expectation.reason)}, got ${show(result.reason)}`,
    );
  }
  if (
    expectation.additionalContext !== undefined &&
    !result.additionalContext.some((text) => matchText(expectation.additionalContext ?? "", text))
  ) {
    failures.push(
      `expected additionalContext ${describePattern(expectation.additionalContext)}, got ${show(result.additionalContext)}`,
    );
  }
  if (expectation.continue !== undefined && expectation.continue !== result.continue) {
    failures.push(`expected continue ${expectation.continue}, got ${result.continue}`);
  }
  if (
    expectation.stopReason !== undefined &&
    !matchText(expectation.stopReason, result.stopReason)
  ) {
    failures.push(
      `expected stopReason ${describePattern(expectation.stopReason)}, got ${show(result.stopReason)}`,
    );
  }
  if (
    expectation.systemMessage !== undefined &&
    !result.systemMessages.some((text) => matchText(expectation.systemMessage ?? "", text))
  ) {
    failures.push(
      `expected systemMessage ${describePattern(expectation.systemMessage)}, got ${show(result.systemMessages)}`,
    );
  }
  return failures;
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
