import { readOwn } from "../shared/read-own.js";
import { shimHosts } from "../shim/hosts/shim-hosts.js";
import { type ConversionIssue, createLossyIssue, createNoteIssue } from "./conversion-issue.js";
import { fitCommand } from "./fit-command.js";
import { fitMatcher } from "./fit-matcher.js";
import { findHandlerKey, type HookFormat, type OptionalField } from "./hook-format.js";
import { hookFormats } from "./hook-formats.js";
import type {
  CarriedField,
  DocumentSyntax,
  PortableCommand,
  PortableHook,
  PortableHookSet,
} from "./portable-hooks.js";

/** Portable hooks fitted to a target, and everything that could not be carried over. */
export interface FittedHooks {
  set: PortableHookSet;
  issues: ConversionIssue[];
}

/** Fields that only document a file: not carried across formats, with a note instead of a loss. */
const documentationFields: Readonly<Record<string, string>> = {
  $schema: "names the source format's schema; it is not carried",
  comment: "is documentation only; it is not carried",
};

const optionalFields: readonly OptionalField[] = [
  "statusMessage",
  "cwd",
  "env",
  "additionalContextLimit",
  "async",
];

/**
 * Fits portable hooks to a target format: hooks on events the target lacks and handler types
 * other than `command` (across formats) are dropped, fields and per-OS commands the target cannot
 * hold are dropped, matchers are fitted, timeouts clamped. Every loss is a `lossy` issue.
 *
 * @example
 * ```ts
 * const { set, issues } = fitHooksToFormat(read.set, hookFormats.vscode, "json");
 * const text = hookFormats.vscode.write(set, "json");
 * ```
 */
export function fitHooksToFormat(
  set: PortableHookSet,
  target: HookFormat,
  syntax: DocumentSyntax,
): FittedHooks {
  const source = hookFormats[set.format];
  const issues: ConversionIssue[] = [];
  const sameFormat = set.format === target.name;
  const hooks: PortableHook[] = [];
  for (const hook of set.hooks) {
    const fitted = fitHook(hook, { source, target, sameFormat, issues });
    if (fitted !== null) hooks.push(fitted);
  }
  let description = set.description;
  if (description !== null && !target.descriptionSyntaxes.includes(syntax)) {
    issues.push(
      createLossyIssue(
        '"description"',
        "description",
        `${describeSyntax(target, syntax)} has no description; it is dropped`,
      ),
    );
    description = null;
  }
  const keepDocumentFields = sameFormat && set.syntax === syntax;
  const extraFields = fitCarriedFields(
    set.extraFields,
    keepDocumentFields,
    describeSyntax(target, syntax),
    issues,
  );
  reportPayloadNames(set, target, hooks, issues);
  return { set: { ...set, description, hooks, extraFields }, issues };
}

interface FitContext {
  source: HookFormat;
  target: HookFormat;
  sameFormat: boolean;
  issues: ConversionIssue[];
}

function fitHook(hook: PortableHook, context: FitContext): PortableHook | null {
  const { source, target, sameFormat, issues } = context;
  const path = hook.origin.path;
  const eventSpec = readOwn(target.events, hook.event);
  if (eventSpec === undefined) {
    issues.push(
      createLossyIssue(
        `${hook.origin.event} hook`,
        path,
        `${target.title} has no ${hook.event} event; the hook is dropped`,
      ),
    );
    return null;
  }
  if (hook.type !== "command" && !sameFormat) {
    issues.push(
      createLossyIssue(
        `"${hook.type}" handler`,
        path,
        "only command handlers are converted between formats; the hook is dropped",
      ),
    );
    return null;
  }
  const matcher = fitMatcher(hook, source, target, issues);
  const command: PortableCommand =
    hook.type === "command" ? fitCommand(hook, source, target, issues) : hook.command;
  reportVariables(hook, command, context);
  let timeoutSeconds = hook.timeoutSeconds;
  const maximum = eventSpec.maxTimeoutSeconds;
  if (maximum !== undefined && timeoutSeconds > maximum) {
    const key = findHandlerKey(source, "timeout") ?? "timeout";
    issues.push(
      createLossyIssue(
        `timeout ${timeoutSeconds} s`,
        `${path}.${key}`,
        `${target.title} runs ${eventSpec.name} hooks for at most ${maximum} s; it is clamped to ${maximum} s`,
      ),
    );
    timeoutSeconds = maximum;
  }
  const fields = fitOptionalFields(hook, target, issues);
  let predicate = hook.if;
  if (predicate !== null && !eventSpec.supportsIf && !sameFormat) {
    const anyIf = Object.values(target.events).some((spec) => spec.supportsIf);
    issues.push(
      createLossyIssue(
        `"if" ${JSON.stringify(predicate)}`,
        `${path}.if`,
        anyIf
          ? `${target.title} takes "if" only on tool events, not on ${eventSpec.name}; it is dropped and the hook runs whenever its matcher matches`
          : `${target.title} has no "if" predicates; it is dropped and the hook runs whenever its matcher matches`,
      ),
    );
    predicate = null;
  }
  if (hook.async === true && !sameFormat) reportAsync(hook, source, target, issues);
  const extraFields = fitCarriedFields(hook.extraFields, sameFormat, target.title, issues);
  return {
    ...hook,
    ...fields,
    matcher,
    matcherFormat: matcher === hook.matcher ? hook.matcherFormat : null,
    command,
    timeoutSeconds,
    if: predicate,
    extraFields,
  };
}

function fitOptionalFields(
  hook: PortableHook,
  target: HookFormat,
  issues: ConversionIssue[],
): Partial<PortableHook> {
  const fields: Partial<Record<OptionalField, null>> = {};
  for (const field of optionalFields) {
    const value = hook[field];
    if (value === null || target.fields.includes(field)) continue;
    issues.push(
      createLossyIssue(
        `"${field}"`,
        `${hook.origin.path}.${field}`,
        `${target.title} has no ${field} field; it is dropped`,
      ),
    );
    fields[field] = null;
  }
  return fields;
}

function fitCarriedFields(
  fields: readonly CarriedField[],
  keep: boolean,
  targetName: string,
  issues: ConversionIssue[],
): CarriedField[] {
  if (keep) return [...fields];
  for (const field of fields) {
    const key = field.segments.join(".");
    const documentation = readOwn(documentationFields, key);
    if (documentation !== undefined) {
      issues.push(createNoteIssue(`"${key}"`, field.path, documentation));
      continue;
    }
    issues.push(
      createLossyIssue(
        `"${key}"`,
        field.path,
        `${targetName} has no such field; it is dropped${field.consequence === null ? "" : ` (${field.consequence})`}`,
      ),
    );
  }
  return [];
}

/** ZeroCode parses `async: true` but skips such hooks; elsewhere they run in the background. */
function reportAsync(
  hook: PortableHook,
  source: HookFormat,
  target: HookFormat,
  issues: ConversionIssue[],
): void {
  const path = `${hook.origin.path}.async`;
  if (target.skipsAsyncHooks && target.fields.includes("async")) {
    issues.push(
      createLossyIssue(
        '"async": true',
        path,
        `${target.title} parses it but does not run asynchronous hooks, so the hook is skipped there`,
      ),
    );
  } else if (source.skipsAsyncHooks && target.fields.includes("async")) {
    issues.push(
      createNoteIssue(
        '"async": true',
        path,
        `${source.title} skips this hook; ${target.title} runs it in the background`,
      ),
    );
  }
}

/** Commands that read a variable only the source's host sets will see it empty in the target. */
function reportVariables(hook: PortableHook, command: PortableCommand, context: FitContext): void {
  const { source, target, issues } = context;
  const texts = [command.default, command.windows, command.linux, command.osx]
    .flat()
    .filter((text): text is string => typeof text === "string");
  for (const variable of source.variables) {
    if (target.variables.includes(variable)) continue;
    const pattern = new RegExp(`\\$\\{?${variable}\\b|%${variable}%`);
    if (!texts.some((text) => pattern.test(text))) continue;
    issues.push(
      createLossyIssue(
        `$${variable}`,
        `${hook.origin.path}.${findHandlerKey(source, "command") ?? "command"}`,
        `${source.title} sets ${variable} for its hooks but ${target.title} does not, so the command sees it empty`,
      ),
    );
  }
}

/**
 * Copilot CLI's camelCase events send camelCase payloads (its shim host's `camelCasePayloads`);
 * every other format sends snake_case.
 */
function reportPayloadNames(
  set: PortableHookSet,
  target: HookFormat,
  hooks: readonly PortableHook[],
  issues: ConversionIssue[],
): void {
  if (hooks.length === 0 || set.format === target.name) return;
  const fromCamel =
    shimHosts[set.format].camelCasePayloads &&
    hooks.some((hook) => hook.origin.event !== hook.event);
  if (!fromCamel && !shimHosts[target.name].camelCasePayloads) return;
  issues.push(
    createNoteIssue(
      "payload field names",
      null,
      "differ: Copilot CLI sends camelCase payloads (toolName, toolArgs) to camelCase events, the other formats snake_case ones (tool_name, tool_input); check that the handler scripts read the fields they will get",
    ),
  );
}

function describeSyntax(target: HookFormat, syntax: DocumentSyntax): string {
  return target.syntaxes.length > 1 ? `${target.title} ${syntax.toUpperCase()}` : target.title;
}
