import type { DiagnosticSeverity } from "../../diagnostic.js";
import type { Profile } from "../../profiles/profile.js";
import type { JsonPathSegment } from "../../shared/format-json-path.js";
import type { ReportDiagnostic } from "./walk-hook-events.js";

/** How a dialect reports one kind of unsupported handler type: severity and message tail. */
interface TypeReport {
  severity: DiagnosticSeverity;
  /** The message after `<Handler> type "<type>" is `. */
  describe: (profile: Profile) => string;
}

/** One dialect's wording: for types its profile knows, for unknown ones, and for a missing type. */
interface HandlerTypeWording {
  /** The message's subject: `Handler` or `Hook`. */
  subject: string;
  known: TypeReport;
  unknown: TypeReport;
  /** The `invalid_config` message when `type` is not a string. */
  missingType: string;
}

const onlyCommandHandlers = `only "command" handlers run`;

const localEntryType: TypeReport = {
  severity: "error",
  describe: (profile) =>
    `not supported by ${profile.title}; only "command" hooks run, so this one is skipped`,
};

/** Each dialect's wording of an unsupported handler type; tests assert these messages. */
export const handlerTypeWordings = {
  deepagents: {
    subject: "Handler",
    known: {
      severity: "error",
      describe: (profile) => `not supported by ${profile.title}; ${onlyCommandHandlers}`,
    },
    unknown: {
      severity: "error",
      describe: (profile) =>
        `unknown and not supported by ${profile.title}; ${onlyCommandHandlers}`,
    },
    missingType: `A handler needs "type": "command"`,
  },
  zerocode: {
    subject: "Handler",
    known: {
      severity: "warning",
      describe: (profile) =>
        `parsed but not run by ${profile.title} yet; ${onlyCommandHandlers}, so this one is skipped`,
    },
    unknown: {
      severity: "error",
      describe: (profile) =>
        `unknown to ${profile.title} (known: ${profile.knownHandlerTypes.join(", ")}); the handler is skipped`,
    },
    missingType: `A handler needs "type": "command"`,
  },
  claude: {
    subject: "Handler",
    known: {
      severity: "warning",
      describe: () => `not supported here, so it is skipped`,
    },
    unknown: {
      severity: "warning",
      describe: (profile) =>
        `unknown (known: ${profile.knownHandlerTypes.join(", ")}), so the handler is skipped`,
    },
    missingType: `A handler needs "type": "command"`,
  },
  /** The Claude format read by the VS Code Local harness. */
  "vscode-claude": {
    subject: "Handler",
    known: {
      severity: "warning",
      describe: (profile) =>
        `not run by ${profile.title}; ${onlyCommandHandlers}, so this one is skipped`,
    },
    unknown: {
      severity: "error",
      describe: (profile) =>
        `unknown and not run by ${profile.title}; ${onlyCommandHandlers}, so this one is skipped`,
    },
    missingType: `A handler needs "type": "command"`,
  },
  /**
   * An agent's own flat hook file (Cursor, Copilot CLI): a type the agent runs (`prompt`) is run
   * there but not here; an unknown one is an error.
   */
  "flat-hook-file": {
    subject: "Hook",
    known: {
      severity: "warning",
      describe: (profile) =>
        `run by ${profile.title} but not by agent-hooks, where only "command" hooks run, so this one is skipped`,
    },
    unknown: {
      severity: "error",
      describe: (profile) =>
        `unknown to ${profile.title} (known: ${profile.knownHandlerTypes.join(", ")}); the hook is skipped`,
    },
    missingType: `A hook entry needs "type": "command"`,
  },
  /** VS Code Local and Copilot CLI entries: every other type is an error, known or not. */
  "vscode-local": {
    subject: "Hook",
    known: localEntryType,
    unknown: localEntryType,
    missingType: `A hook entry needs "type": "command"`,
  },
} as const satisfies Record<string, HandlerTypeWording>;

/** A dialect whose wording of unsupported handler types is in {@link handlerTypeWordings}. */
export type HandlerTypeDialect = keyof typeof handlerTypeWordings;

/** Where the handler sits and how to report on it. */
export interface HandlerTypeContext {
  profile: Profile;
  /** JSON path of the handler; diagnostics point at its `type`. */
  at: readonly JsonPathSegment[];
  report: ReportDiagnostic;
}

/**
 * Reports a handler whose `type` is not `"command"`: `unsupported_handler_type` for a string type
 * (its severity and wording per dialect, and whether the profile knows the type), else
 * `invalid_config`. Returns whether it reported, that is whether the handler is skipped.
 *
 * @example
 * ```ts
 * if (reportUnsupportedHandlerType(handler.type, "deepagents", context)) return null;
 * ```
 */
export function reportUnsupportedHandlerType(
  type: unknown,
  dialect: HandlerTypeDialect,
  context: HandlerTypeContext,
): boolean {
  if (type === "command") return false;
  const { profile, at, report } = context;
  const wording: HandlerTypeWording = handlerTypeWordings[dialect];
  if (typeof type !== "string") {
    report("invalid_config", "error", wording.missingType, [...at, "type"]);
    return true;
  }
  const { severity, describe } = profile.knownHandlerTypes.includes(type)
    ? wording.known
    : wording.unknown;
  report(
    "unsupported_handler_type",
    severity,
    `${wording.subject} type "${type}" is ${describe(profile)}`,
    [...at, "type"],
  );
  return true;
}
