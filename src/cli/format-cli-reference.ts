import type { Command, Option } from "commander";
import { formatMarkdownTable } from "./format-markdown-table.js";

/** One command of the program with its full name (`hooks trust`). */
interface NamedCommand {
  name: string;
  command: Command;
}

/** Options several commands declare the same way are listed once, in the shared table. */
const sharedOptionMinimum = 3;

/** Every command and subcommand, depth first, in the order the program registered them. */
function listCommands(program: Command): NamedCommand[] {
  const commands: NamedCommand[] = [];
  const visit = (command: Command, prefix: string) => {
    for (const child of command.commands) {
      const name = prefix === "" ? child.name() : `${prefix} ${child.name()}`;
      commands.push({ name, command: child });
      visit(child, name);
    }
  };
  visit(program, "");
  return commands;
}

/** What identifies an option across commands: its flags and its description. */
function describeOption(option: Option): string {
  return `${option.flags}\u0000${option.description}`;
}

/** Help text as a sentence: a capital first letter and a full stop. */
function formatSentence(text: string): string {
  const sentence = `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** The meaning cell of an option: its help text, whether it is required, its default. */
function formatMeaning(option: Option): string {
  const parts = [formatSentence(option.description)];
  if (option.mandatory) parts.push("Required.");
  if (option.defaultValue !== undefined) {
    parts.push(`Default: \`${String(option.defaultValue)}\`.`);
  }
  return parts.join(" ");
}

/** The usage line of a command, as its `--help` prints it. */
function formatUsage({ name, command }: NamedCommand): string {
  return `agent-hooks ${name} ${command.usage()}`.trimEnd();
}

/** Whether a command only groups subcommands (`config`, `hooks`) and takes nothing itself. */
function isGroup(command: Command): boolean {
  return command.commands.length > 0 && command.registeredArguments.length === 0;
}

/**
 * The command reference of docs/cli.md, from the program's commander definitions: the options
 * several commands share, in one table, then every command with its usage, arguments and own
 * options. The docs test compares the page with it; `npm run docs:generate` writes it.
 *
 * @example
 * ```ts
 * formatCliReference(await createProgram()); // "### Shared options\n\n| Option | …"
 * ```
 */
export function formatCliReference(program: Command): string {
  const commands = listCommands(program).filter(({ command }) => !isGroup(command));
  const users = new Map<string, { option: Option; commands: string[] }>();
  for (const { name, command } of commands) {
    for (const option of command.options) {
      if (option.hidden) continue;
      const key = describeOption(option);
      const entry = users.get(key) ?? { option, commands: [] };
      entry.commands.push(name);
      users.set(key, entry);
    }
  }
  const shared = [...users].filter(([, entry]) => entry.commands.length >= sharedOptionMinimum);
  const sharedKeys = new Set(shared.map(([key]) => key));
  const sections: string[] = [
    "### Shared options",
    "",
    "Options several commands take with the same meaning; each command below lists which.",
    "",
    formatMarkdownTable(
      ["Option", "Meaning", "Commands"],
      shared.map(([, { option, commands: names }]) => [
        `\`${option.flags}\``,
        formatMeaning(option),
        names.map((name) => `\`${name}\``).join(", "),
      ]),
    ),
  ];
  const version = program.options.find((option) => option.long === "--version");
  sections.push(
    "### `agent-hooks`",
    "",
    "```text",
    "agent-hooks [options] [command]",
    "```",
    "",
    `${formatSentence(program.description())} \`${version?.flags ?? "-v, --version"}\`: ${version?.description ?? "print the version"}; \`-h, --help\` (on every command): print its help, with examples; \`agent-hooks help [command]\`: the same.`,
  );
  for (const named of commands) {
    const { name, command } = named;
    sections.push("", `### \`agent-hooks ${name}\``, "", "```text", formatUsage(named), "```", "");
    sections.push(formatSentence(command.description()));
    const rows = [
      ...command.registeredArguments.map((argument) => [
        `\`${argument.required ? "<" : "["}${argument.name()}${argument.variadic ? "..." : ""}${argument.required ? ">" : "]"}\``,
        formatSentence(argument.description),
      ]),
      ...command.options
        .filter((option) => !option.hidden && !sharedKeys.has(describeOption(option)))
        .map((option) => [`\`${option.flags}\``, formatMeaning(option)]),
    ];
    if (rows.length > 0)
      sections.push("", formatMarkdownTable(["Argument or option", "Meaning"], rows));
    const sharedHere = command.options.filter((option) => sharedKeys.has(describeOption(option)));
    if (sharedHere.length > 0) {
      const flags = sharedHere.map((option) => `\`${option.long ?? option.flags}\``).join(", ");
      sections.push("", `Shared options: ${flags}.`);
    }
  }
  // Tables end with a newline of their own: one blank line between blocks.
  return `${sections
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trimEnd()}\n`;
}
