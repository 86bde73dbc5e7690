import { readFileSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { runCli } from "../../test/support/run-cli.js";
import { packageRoot } from "../../test/support/run-node-script.js";
import { createProgram } from "./main.js";

const commandNames = [
  "dispatch",
  "explain",
  "replay",
  "validate",
  "config",
  "config path",
  "hooks",
  "hooks list",
  "hooks trust",
  "hooks disable",
  "hooks enable",
  "hooks review",
  "trust-project",
  "convert",
  "migrate",
  "test",
  "report",
  "serve",
  "shim",
] as const;

async function readHelp(name: string): Promise<string> {
  let command: Command = await createProgram();
  for (const word of name.split(" ")) {
    const child = command.commands.find((candidate) => candidate.name() === word);
    if (child === undefined) throw new Error(`no command "${name}"`);
    command = child;
  }
  let text = "";
  command.configureOutput({ writeOut: (chunk) => (text += chunk) });
  command.outputHelp();
  return text;
}

describe("agent-hooks --help", () => {
  it("the table names every command and subcommand", async () => {
    const program = await createProgram();
    const registered = program.commands.flatMap((command) => [
      command.name(),
      ...command.commands.map((child) => `${command.name()} ${child.name()}`),
    ]);
    expect([...registered].sort()).toEqual([...commandNames].sort());
  });

  it.each(commandNames)("%s --help shows 1 to 3 examples", async (name) => {
    const help = await readHelp(name);
    const examples = help.split("Examples:\n")[1] ?? "";
    const lines = examples.split("\n").filter((line) => line.startsWith("  $ agent-hooks"));
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines.length).toBeLessThanOrEqual(3);
  });

  it.each([
    ["dispatch", ["--session", "--dangerously-bypass-hook-trust", "--audit-log"], []],
    ["replay", ["--session", "--audit-log", "--audit-payloads"], []],
    ["serve", ["--session", "--dangerously-bypass-hook-trust", "--audit-log"], []],
    [
      "explain",
      ["--session", "--dangerously-bypass-hook-trust"],
      ["--audit-log", "--audit-payloads"],
    ],
    [
      "validate",
      ["--config", "--home", "--system-dir", "--managed-settings"],
      ["--session", "--dangerously-bypass-hook-trust", "--audit-log"],
    ],
    ["config path", ["--config", "--system-dir"], ["--session", "--audit-log"]],
    ["hooks list", ["--home", "--system-dir"], ["--dangerously-bypass-hook-trust", "--audit-log"]],
    ["hooks review", ["--home"], ["--session", "--audit-payloads"]],
    ["trust-project", ["--home", "--cwd"], ["--system-dir", "--config"]],
    ["test", ["--cwd", "--home", "--sandbox", "--audit-log"], ["--system-dir"]],
  ] as const)("%s lists the flags it reads and no others", async (name, listed, unlisted) => {
    const help = await readHelp(name);
    for (const flag of listed) expect(help).toContain(`${flag} `);
    for (const flag of unlisted) expect(help).not.toContain(`${flag} `);
  });

  it("hooks --help says which profiles it serves", async () => {
    expect(await readHelp("hooks")).toContain("profiles with hook trust: zerocode");
  });
});

describe("agent-hooks -v", () => {
  const { version } = JSON.parse(readFileSync(path.join(packageRoot, "package.json"), "utf8")) as {
    version: string;
  };

  it.each(["-v", "--version"])("%s prints the package version and exits 0", async (flag) => {
    const run = await runCli([flag]);
    expect(run).toMatchObject({ code: 0, stdout: `${version}\n` });
  });
});
