import { writeFile } from "node:fs/promises";
import type { Command } from "commander";
import { suggestName } from "../../config/suggest-name.js";
import { formatIssueLine } from "../../convert/conversion-issue.js";
import { convertHooks } from "../../convert/convert-hooks.js";
import { findHookFormat } from "../../convert/hook-formats.js";
import { type DocumentSyntax, formatNames } from "../../convert/portable-hooks.js";
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
    .option("-o, --output <file>", "write the result to a file instead of standard output")
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
  $ agent-hooks convert --from claude --to gemini .claude/settings.json   (timeouts become milliseconds)
  $ agent-hooks convert --from claude --to codex -o .codex/config.toml .claude/settings.json

Exit codes: 0 converted, 1 usage error, 2 internal error, 3 converted with losses (listed on stderr).`,
    )
    .action(async (file: string, flags: ConvertFlags) => {
      const from = resolveFormat(flags.from, "--from");
      const to = resolveFormat(flags.to, "--to");
      const shimCommand = resolveShimCommand(flags);
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
        try {
          await writeFile(flags.output, result.output);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code ?? String(error);
          throw new UsageError(`cannot write ${flags.output} (${code})`);
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
