import type { Command } from "commander";
import { suggestName } from "../../config/suggest-name.js";
import { formatIssueLine } from "../../convert/conversion-issue.js";
import { convertHooks } from "../../convert/convert-hooks.js";
import { findHookFormat } from "../../convert/hook-formats.js";
import { type DocumentSyntax, formatNames } from "../../convert/portable-hooks.js";
import { saveConvertedHooks } from "../../convert/save-converted-hooks.js";
import { readInput } from "../read-input.js";
import { UsageError } from "../shared-options.js";

interface ConvertFlags {
  from: string;
  to: string;
  fromFormat?: string;
  toFormat?: string;
  output?: string;
  shim?: boolean;
  shimCommand?: string;
  force?: boolean;
}

const syntaxes: readonly DocumentSyntax[] = ["json", "toml"];

/**
 * `agent-hooks convert --from <format> --to <format> <file>`: prints the equivalent configuration
 * for the target; one stderr line per thing that cannot be carried over; exit 3 when lossy.
 */
export function registerConvertCommand(program: Command): void {
  program
    .command("convert")
    .description(
      "convert a hook configuration between formats; lossy conversions are listed on stderr (exit 3)",
    )
    .argument("<file>", "configuration file to convert, or - for standard input")
    .requiredOption("--from <format>", `source format (${formatNames.join(", ")})`)
    .requiredOption("--to <format>", `target format (${formatNames.join(", ")})`)
    .option(
      "--from-format <syntax>",
      "source syntax, json or toml (default: toml for a .toml file, else json)",
    )
    .option(
      "--to-format <syntax>",
      "target syntax for zerocode and codex: json (hooks.json) or toml (config.toml [hooks]); default json, or toml when --output ends in .toml",
    )
    .option(
      "-o, --output <file>",
      "write the result to a file instead of standard output; an existing settings file gets the hooks merged in, keeping its other settings, comments and formatting",
    )
    .option(
      "--force",
      "with -o: replace what stands in the way in the target (its own hooks on a converted hook's event and matcher, another value of a converted field), or a file that does not parse",
    )
    .option(
      "--shim",
      `wrap each command in agent-hooks shim, which translates the hook's input and output at run time (every format; docs/shim.md)`,
    )
    .option(
      "--shim-command <cmd>",
      "with --shim: the shell text that starts agent-hooks (default: agent-hooks)",
    )
    .addHelpText(
      "after",
      `
Examples:
  $ agent-hooks convert --from claude --to zerocode .claude/settings.json
  $ agent-hooks convert --from claude --to codex -o .codex/config.toml .claude/settings.json
  $ agent-hooks convert --shim --from claude --to gemini -o .gemini/settings.json .claude/settings.json   (merged into the file)

Writing into an existing file (-o):
  The hooks are merged in as text edits: every other setting, comment and the file's layout stay
  as they are. Hooks the file has for other events are kept. On an event it has hooks for, the
  ones agent-hooks wrote before (--shim commands of the same --from and --to, or entries equal to
  converted ones) are replaced, the user's own are kept with the converted ones after them, and
  one of the user's own on the same matcher as a converted hook stops the write, named on stderr,
  unless --force replaces it. A file that does not parse is refused unless --force (which
  replaces it whole). The file is replaced atomically with its mode kept; a symbolic link is
  refused, never followed.

Exit codes: 0 converted, 1 usage error, 2 internal error, 3 converted with losses (listed on stderr).`,
    )
    .action(async (file: string, flags: ConvertFlags) => {
      const from = resolveFormat(flags.from, "--from");
      const to = resolveFormat(flags.to, "--to");
      const shimCommand = resolveShimCommand(flags);
      if (flags.force === true && flags.output === undefined) {
        throw new UsageError("--force needs -o <file>");
      }
      const sourceSyntax = resolveSyntax(flags.fromFormat, "--from-format");
      const syntax =
        resolveSyntax(flags.toFormat, "--to-format") ??
        (findHookFormat(to)?.syntaxes.includes("toml") === true &&
        flags.output?.toLowerCase().endsWith(".toml")
          ? "toml"
          : undefined);
      const text = await readInput(file);
      const result = convertHooks({
        text,
        file: file === "-" ? "<stdin>" : file,
        from,
        to,
        ...(sourceSyntax !== undefined && { sourceSyntax }),
        ...(syntax !== undefined && { syntax }),
        ...(shimCommand !== undefined && { shimCommand }),
      });
      if (!result.ok) throw new UsageError(result.error);
      for (const issue of result.issues) {
        process.stderr.write(`${formatIssueLine("convert", issue)}\n`);
      }
      if (flags.output === undefined) {
        process.stdout.write(result.output);
      } else {
        const saved = await saveConvertedHooks(flags.output, result.output, {
          syntax: syntax ?? findHookFormat(to)?.syntaxes[0] ?? "json",
          from,
          to,
          force: flags.force === true,
        });
        if (!saved.ok) {
          const hint =
            saved.link === undefined ? "" : `; to write that file, pass -o ${saved.link}`;
          throw new UsageError(`cannot write ${flags.output}: ${saved.reason}${hint}`);
        }
        if (saved.change === "unchanged") {
          process.stderr.write(
            `agent-hooks convert: note: ${flags.output} already holds the converted hooks; left as it was\n`,
          );
        } else if (saved.change === "merged") {
          const replaced =
            saved.replaced.length === 0 ? "" : `; replaced ${saved.replaced.join(", ")}`;
          const kept =
            saved.kept.length === 0
              ? ""
              : `; kept ${saved.kept.join(", ")}, before the converted ones`;
          process.stderr.write(
            `agent-hooks convert: note: merged into ${flags.output}: set ${saved.set.join(", ")}${replaced}${kept}; its other settings and comments are kept\n`,
          );
        }
      }
      if (result.lossy) process.exitCode = 3;
    });
}

function resolveFormat(name: string, flag: string) {
  const format = findHookFormat(name);
  if (format === undefined) {
    throw new UsageError(
      `unknown ${flag} format "${name}"${suggestName(name, formatNames)} (choose from: ${formatNames.join(", ")})`,
    );
  }
  return format.name;
}

/** The shell text that starts `agent-hooks` with `--shim`, or undefined without it. */
function resolveShimCommand(flags: ConvertFlags): string | undefined {
  if (flags.shim !== true) {
    if (flags.shimCommand !== undefined) throw new UsageError("--shim-command needs --shim");
    return undefined;
  }
  const command = flags.shimCommand ?? "agent-hooks";
  if (command.trim() === "") throw new UsageError("--shim-command must not be empty");
  return command;
}

function resolveSyntax(name: string | undefined, flag: string): DocumentSyntax | undefined {
  if (name === undefined) return undefined;
  const syntax = syntaxes.find((candidate) => candidate === name);
  if (syntax === undefined) {
    throw new UsageError(`unknown ${flag} "${name}" (choose from: ${syntaxes.join(", ")})`);
  }
  return syntax;
}
