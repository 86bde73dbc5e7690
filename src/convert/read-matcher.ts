import { readOwn } from "../shared/read-own.js";
import { type ConversionIssue, createNoteIssue } from "./conversion-issue.js";
import { describeCanonicalEvent } from "./event-catalog.js";
import type { HookFormat } from "./hook-format.js";
import {
  formatExactMatcher,
  isAllMatcher,
  isValidPattern,
  type MatcherShape,
  parseExactMatcher,
  parseRegexMatcher,
} from "./matcher-shape.js";
import type { FormatName } from "./portable-hooks.js";
import { mentionsFormatToolNames, translateNamesToPublic } from "./translate-tool-names.js";

/** A source matcher in the portable syntax, and the format whose tool names it still uses. */
export interface MatcherReading {
  matcher: string | null;
  matcherFormat: FormatName | null;
}

/** Where a matcher sits, for messages. */
export interface MatcherContext {
  format: HookFormat;
  /** Canonical event name. */
  event: string;
  /** The event name as the source spells it. */
  nativeEvent: string;
  path: string;
  issues: ConversionIssue[];
}

/**
 * Reads a source matcher into the portable syntax (Claude Code's, with public tool names):
 * ZeroCode's anchored name lists become names, format-specific tool names become public ones, and
 * a matcher the source ignores on this event is not carried. Every change is a note.
 */
export function readMatcher(matcher: string | null, context: MatcherContext): MatcherReading {
  const { format, event, nativeEvent, path, issues } = context;
  if (isAllMatcher(matcher)) return { matcher, matcherFormat: null };
  const quoted = `matcher ${JSON.stringify(matcher)}`;
  if (readOwn(format.events, event)?.ignoresMatcher === true) {
    issues.push(
      createNoteIssue(
        quoted,
        path,
        `${format.title} ignores matchers on ${nativeEvent}, so it is not carried`,
      ),
    );
    return { matcher: null, matcherFormat: null };
  }
  const shape = readShape(matcher, context);
  if (shape.kind === "all") return { matcher, matcherFormat: null };
  if (shape.kind === "regex") return readRegex(shape.pattern, context);
  if (!describeCanonicalEvent(event).toolEvent) {
    return { matcher: formatExactMatcher(shape), matcherFormat: null };
  }
  const translated = translateNamesToPublic(shape.names, format.toolNames);
  for (const change of translated.changes) {
    const reason =
      change.reason === "renamed"
        ? `${format.title} tool ${change.from} is written as its public name ${change.to.join("|")}`
        : `${format.title} matches ${change.from} for every call of ${change.to.join(" and ")}, so it is written as ${change.to.join("|")}`;
    issues.push(createNoteIssue(quoted, path, reason));
  }
  return {
    matcher: formatExactMatcher({ kind: "names", names: translated.names }),
    matcherFormat: null,
  };
}

function readShape(matcher: string | null, context: MatcherContext): MatcherShape {
  const exact = readOwn(context.format.events, context.event)?.exactMatcher === true;
  if (context.format.matchers !== "regex" || exact) return parseExactMatcher(matcher);
  const reading = parseRegexMatcher(matcher);
  if (!reading.exact && reading.shape.kind === "names") {
    context.issues.push(
      createNoteIssue(
        `matcher ${JSON.stringify(matcher)}`,
        context.path,
        `${context.format.title} matchers are unanchored regular expressions, so it also matched longer names containing ${reading.shape.names.join(" or ")}; it is converted as the exact name list ${reading.shape.names.join("|")}`,
      ),
    );
  }
  return reading.shape;
}

function readRegex(pattern: string, context: MatcherContext): MatcherReading {
  const { format, event, path, issues } = context;
  if (!isValidPattern(pattern)) {
    issues.push(
      createNoteIssue(
        `matcher ${JSON.stringify(pattern)}`,
        path,
        "is not a valid regular expression; it is carried as is",
      ),
    );
    return { matcher: pattern, matcherFormat: null };
  }
  const namesTools =
    describeCanonicalEvent(event).toolEvent && mentionsFormatToolNames(pattern, format.toolNames);
  return { matcher: pattern, matcherFormat: namesTools ? format.name : null };
}
