import { lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Command } from "commander";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createSuiteWorkspace } from "../../../test/support/create-test-workspace.js";
import { UsageError } from "../shared-options.js";
import { registerTrustProjectCommand } from "./trust-project.js";

const base = createSuiteWorkspace("trust-cli").root;
afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

async function trustProject(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    stderr += String(chunk);
    return true;
  });
  const program = new Command("agent-hooks").exitOverride();
  registerTrustProjectCommand(program);
  await program.parseAsync(["trust-project", ...args], { from: "user" });
  return { stdout, stderr };
}

describe("agent-hooks trust-project", () => {
  const home = join(base, "home");
  const repo = join(base, "my repo");
  mkdirSync(join(repo, ".git"), { recursive: true });
  mkdirSync(join(repo, "src", "lib"), { recursive: true });
  const configFile = join(home, ".zerotwo", "config.toml");

  it("trusts the git root of the given directory, creating config.toml", async () => {
    const run = await trustProject(join(repo, "src", "lib"), "--home", home);
    expect(run.stdout).toBe(
      `Trusted ${repo}: added trust_level = "trusted" under [projects."${repo}"] in ${configFile}\n`,
    );
    expect(readFileSync(configFile, "utf8")).toBe(
      `[projects."${repo}"]\ntrust_level = "trusted"\n`,
    );
  });

  it("says when the project is already trusted (--cwd names it when [dir] is omitted)", async () => {
    const run = await trustProject("--cwd", repo, "--home", home, "--profile", "zerocode");
    expect(run.stdout).toBe(`${repo} is already trusted in ${configFile}\n`);
  });

  it("updates an untrusted entry in place, keeping comments", async () => {
    writeFileSync(
      configFile,
      `# mine\n[projects."${repo}"]\ntrust_level = "untrusted" # for now\n`,
    );
    const run = await trustProject(repo, "--home", home);
    expect(run.stdout).toContain('set trust_level = "trusted"');
    expect(readFileSync(configFile, "utf8")).toBe(
      `# mine\n[projects."${repo}"]\ntrust_level = "trusted" # for now\n`,
    );
  });

  it("fails with exit code 1 and leaves a broken config.toml alone", async () => {
    writeFileSync(configFile, 'model = "x\n');
    const run = await trustProject(repo, "--home", home);
    expect(process.exitCode).toBe(1);
    expect(run.stderr).toMatch(/^agent-hooks: cannot trust .*: it is not valid TOML/);
    expect(readFileSync(configFile, "utf8")).toBe('model = "x\n');
  });

  it("refuses a symlinked config.toml with exit code 1, saying what to add to its target", async () => {
    const linkedHome = join(base, "linked-home");
    mkdirSync(join(linkedHome, ".zerotwo"), { recursive: true });
    const dotfile = join(base, "dotfiles-config.toml");
    writeFileSync(dotfile, "# from my dotfiles\n");
    const link = join(linkedHome, ".zerotwo", "config.toml");
    symlinkSync(dotfile, link);
    const run = await trustProject(repo, "--home", linkedHome);
    expect(process.exitCode).toBe(1);
    expect(run.stderr).toBe(
      `agent-hooks: cannot trust ${repo}: ${link}: it is a symbolic link to ${dotfile}, and agent-hooks never writes through one; add trust_level = "trusted" under [projects."${repo}"] in ${dotfile} by hand\n`,
    );
    expect(readFileSync(dotfile, "utf8")).toBe("# from my dotfiles\n");
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });

  it.each([
    [["--profile", "deepagents"], 'profile "deepagents" has no project trust'],
    [["--profile", "nope"], 'unknown profile "nope"'],
    [[join(base, "missing")], "is not a directory"],
  ])("rejects %j as a usage error", async (args, message) => {
    await expect(trustProject(...args, "--home", home)).rejects.toThrow(UsageError);
    await expect(trustProject(...args, "--home", home)).rejects.toThrow(message);
  });
});
