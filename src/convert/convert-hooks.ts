import { type ConversionIssue, createLossyIssue, createNoteIssue } from "./conversion-issue.js";
import { fitHooksToFormat } from "./fit-hooks-to-format.js";
import type { HookFormat } from "./hook-format.js";
import { hookFormats } from "./hook-formats.js";
import { formatOutputProtocols, hookOutputProtocols } from "./hook-output-protocols.js";
import type { DocumentSyntax, FormatName } from "./portable-hooks.js";
import { wrapShimCommands } from "./wrap-shim-commands.js";

/** What to convert: the source text and its file name (its extension picks ZeroCode's TOML). */
export interface ConvertHooksOptions {
  text: string;
  file: string;
  from: FormatName;
  to: FormatName;
  /** The input syntax; default by the file's extension (`.toml` for ZeroCode), else JSON. */
  sourceSyntax?: DocumentSyntax;
  /** The output syntax; default the target's first (JSON). Only ZeroCode is also written as TOML. */
  syntax?: DocumentSyntax;
  /**
   * Wrap each command in `agent-hooks shim --hook <from> --host <to>`, started with this shell
   * text (`agent-hooks`); the caller checks that the shim bridges the two formats.
   */
  shimCommand?: string;
}

/** The converted document and every issue, or why the source cannot be converted at all. */
export type ConvertHooksResult =
  | { ok: true; output: string; issues: ConversionIssue[]; lossy: boolean }
  | { ok: false; error: string };

/**
 * Converts a hook configuration from one format to another: read into portable hooks, fit to the
 * target, write. Never throws; `lossy` is true when anything was dropped or changed in meaning.
 *
 * @example
 * ```ts
 * const result = convertHooks({ text, file: "hooks.json", from: "deepagents", to: "zerocode", syntax: "toml" });
 * if (result.ok) process.stdout.write(result.output);
 * ```
 */
export function convertHooks(options: ConvertHooksOptions): ConvertHooksResult {
  const source = hookFormats[options.from];
  const target = hookFormats[options.to];
  const syntax = options.syntax ?? target.syntaxes[0] ?? "json";
  if (!target.syntaxes.includes(syntax)) {
    return {
      ok: false,
      error: `${options.to} is written as ${target.syntaxes.join(" or ")}, not ${syntax}`,
    };
  }
  if (options.sourceSyntax !== undefined && !source.syntaxes.includes(options.sourceSyntax)) {
    return {
      ok: false,
      error: `${options.from} is read as ${source.syntaxes.join(" or ")}, not ${options.sourceSyntax}`,
    };
  }
  const read = source.read(options.text, options.file, options.sourceSyntax);
  if (!read.ok) return read;
  const shimCommand = options.shimCommand;
  const fitted =
    shimCommand === undefined
      ? fitHooksToFormat(read.set, target, syntax)
      : wrapShimCommands(fitHooksToFormat(read.set, target, syntax), target, {
          hook: options.from,
          shimCommand,
        });
  const targetNotes =
    target.targetNote !== undefined && options.from !== options.to && fitted.set.hooks.length > 0
      ? [createNoteIssue(target.targetNote.subject, null, target.targetNote.reason)]
      : [];
  // Without the shim a script answers in its own agent's protocol: lossy where the target reads
  // another (its row in formatOutputProtocols), since what the script decides is not read there.
  const protocolIssues =
    shimCommand === undefined &&
    formatOutputProtocols[options.from] !== formatOutputProtocols[options.to] &&
    fitted.set.hooks.some((hook) => hook.type === "command")
      ? [createLossyIssue("the hooks' output", null, describeProtocolLoss(source, target))]
      : [];
  // Without the shim the hook's own replies reach the target: say where it reads them otherwise.
  const describeOutputLoss = target.describeOutputLoss;
  const outputIssues =
    shimCommand === undefined && options.from !== options.to && describeOutputLoss !== undefined
      ? fitted.set.hooks.flatMap((hook) => {
          const why = describeOutputLoss(hook);
          return why === null ? [] : [createLossyIssue("the hook's output", hook.origin.path, why)];
        })
      : [];
  const issues = removeRepeatedIssues([
    ...read.issues,
    ...fitted.issues,
    ...outputIssues,
    ...protocolIssues,
    ...targetNotes,
  ]).map((issue) => ({
    ...issue,
    file: options.file,
  }));
  return {
    ok: true,
    output: target.write(fitted.set, syntax),
    issues,
    lossy: issues.some((issue) => issue.kind === "lossy"),
  };
}

// `is Claude Code's (…), which Gemini CLI does not read: it reads …; convert with --shim …`.
function describeProtocolLoss(source: HookFormat, target: HookFormat): string {
  const written = hookOutputProtocols[formatOutputProtocols[source.name]];
  const read = hookOutputProtocols[formatOutputProtocols[target.name]];
  return `is ${source.title}'s (${written.answer}), which ${target.title} does not read: it reads ${read.answer} and sends its own payloads, so a decision a hook prints is ignored there and what it would block goes ahead (${read.exitTwo}); convert with --shim to have agent-hooks shim translate each payload and reply`;
}

/** One line per distinct issue: a group's matcher is reported once, not once per handler. */
function removeRepeatedIssues(issues: readonly ConversionIssue[]): ConversionIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = JSON.stringify([issue.kind, issue.subject, issue.path, issue.message]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
