import {
  appendFile,
  chmod,
  chown,
  copyFile,
  readdir,
  readFile,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../../test/support/create-test-workspace.js";
import { runCli } from "../../../test/support/run-cli.js";
import { packageRoot as root } from "../../../test/support/run-node-script.js";

const fixture = path.join(root, "test/fixtures/report/three-sessions.jsonl");

describe("agent-hooks report", () => {
  it("writes <name>.html next to the audit log, 0600, and prints its path", async () => {
    const directory = createTestWorkspace("report-cli").root;
    const input = path.join(directory, "audit.jsonl");
    await copyFile(fixture, input);
    const run = await runCli(["report", input]);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    const output = path.join(directory, "audit.html");
    expect(run.stdout).toBe(`${output}\n`);
    const html = await readFile(output, "utf8");
    expect(html).toMatch(/^<!doctype html>/);
    expect(html.match(/<section class="session"/g)).toHaveLength(3);
    expect((await stat(output)).mode & 0o777).toBe(0o600);
  });

  it("reports on the audit log the engine writes during a replay", async () => {
    const directory = createTestWorkspace("report-cli").root;
    const audit = path.join(directory, "audit.jsonl");
    const replay = await runCli([
      "replay",
      "examples/session.jsonl",
      "--config",
      "examples/hooks.json",
      "--session",
      "demo",
      "--audit-log",
      audit,
    ]);
    expect(replay.code).toBe(0);
    const runLines = (await readFile(audit, "utf8"))
      .split("\n")
      .filter((line) => line.includes('"type":"run"')).length;
    expect(runLines).toBeGreaterThan(0);
    const run = await runCli(["report", audit]);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    const html = await readFile(path.join(directory, "audit.html"), "utf8");
    expect(html).toContain("Session <code>demo</code>");
    const barRuns = [...html.matchAll(/<g class="bar [^"]*" data-runs="(\d+)"/g)].map((match) =>
      Number(match[1]),
    );
    expect(barRuns.reduce((sum, count) => sum + count, 0)).toBe(runLines);
  });

  it("writes to -o relative to the current directory", async () => {
    const directory = createTestWorkspace("report-cli").root;
    const run = await runCli(["report", fixture, "-o", "out.html"], { cwd: directory });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${path.join(directory, "out.html")}\n`);
    expect(await readFile(path.join(directory, "out.html"), "utf8")).toContain("Hook report");
  });

  it("warns on stderr about malformed lines, names them, and still writes the report", async () => {
    const directory = createTestWorkspace("report-cli").root;
    const input = path.join(directory, "audit.jsonl");
    const text = await readFile(fixture, "utf8");
    await writeFile(input, `{not json\n${text}{"type":"run"}\n`);
    const run = await runCli(["report", input]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      `agent-hooks report: warning: ${input}: 2 lines skipped: line 1: not valid JSON; line 152: session: Invalid input: expected string, received undefined\n`,
    );
    const html = await readFile(path.join(directory, "audit.html"), "utf8");
    expect(html).toContain("2 lines of the audit log could not be read and were skipped");
  });

  it.each([
    [
      "a missing file",
      ["report", "/nonexistent/audit.jsonl"],
      "agent-hooks: cannot read /nonexistent/audit.jsonl (ENOENT)\n",
    ],
    ["a directory", ["report", "/"], "agent-hooks: cannot read / (EISDIR)\n"],
    [
      "standard input without -o",
      ["report", "-"],
      "agent-hooks: report: reading standard input needs -o <file>\n",
    ],
  ])("exits 1 with one line on stderr for %s", async (_name, args, stderr) => {
    const run = await runCli(args);
    expect(run).toEqual({ code: 1, stdout: "", stderr });
  });

  it("exits 1 for a file with no audit record, and writes nothing", async () => {
    const directory = createTestWorkspace("report-cli").root;
    const input = path.join(directory, "notes.txt");
    await writeFile(input, "hello\n");
    const run = await runCli(["report", input]);
    expect(run).toEqual({
      code: 1,
      stdout: "",
      stderr: `agent-hooks: cannot report on ${input}: it holds no readable audit record (1 line skipped: line 1: not valid JSON)\n`,
    });
    await expect(stat(path.join(directory, "notes.html"))).rejects.toThrow("ENOENT");
  });

  it("replaces an earlier report, atomically, and never any other file unless --force", async () => {
    const directory = createTestWorkspace("report-cli").root;
    const output = path.join(directory, "out.html");
    expect(await runCli(["report", fixture, "-o", output])).toMatchObject({ code: 0 });
    await appendFile(output, "<!-- an older report -->\n");
    const first = await stat(output);
    const again = await runCli(["report", fixture, "-o", output]);
    expect(again).toMatchObject({ code: 0, stderr: "" });
    expect((await stat(output)).ino).not.toBe(first.ino);
    expect(await readFile(output, "utf8")).not.toContain("an older report");
    expect(await readdir(directory)).toEqual(["out.html"]);

    const notes = path.join(directory, "notes.html");
    await writeFile(notes, "<p>my notes</p>\n", { mode: 0o600 });
    const refused = await runCli(["report", fixture, "-o", notes]);
    expect(refused).toEqual({
      code: 1,
      stdout: "",
      stderr: `agent-hooks: cannot write the report ${notes}: it is not a report agent-hooks wrote; pass --force to replace it\n`,
    });
    expect(await readFile(notes, "utf8")).toBe("<p>my notes</p>\n");
    const forced = await runCli(["report", fixture, "-o", notes, "--force"]);
    expect(forced).toMatchObject({ code: 0, stderr: "" });
    expect(await readFile(notes, "utf8")).toMatch(/^<!doctype html>/);
    expect((await stat(notes)).mode & 0o777).toBe(0o600);
  });

  // An output that is not private to this user is refused, never written: exit 1, the reason
  // on stderr, the target untouched.
  const untouched = "someone else's file\n";
  const refusals: [
    string,
    (output: string, directory: string) => Promise<string | null>,
    string,
  ][] = [
    [
      "a symbolic link to another file",
      async (output, directory) => {
        const target = path.join(directory, "elsewhere.txt");
        await writeFile(target, untouched, { mode: 0o600 });
        await symlink(target, output);
        return target;
      },
      "it is a symbolic link to <directory>/elsewhere.txt, and agent-hooks never writes through one; to write that file, pass -o <directory>/elsewhere.txt",
    ],
    [
      "a dangling symbolic link",
      async (output, directory) => {
        await symlink(path.join(directory, "created-through-link.html"), output);
        return null;
      },
      "it is a symbolic link to <directory>/created-through-link.html, and agent-hooks never writes through one; to write that file, pass -o <directory>/created-through-link.html",
    ],
    [
      "a file readable by others (0644)",
      async (output) => {
        await writeFile(output, untouched);
        await chmod(output, 0o644);
        return output;
      },
      "it is open to other users (mode 0644); allow only its owner (chmod 600)",
    ],
  ];
  it.each(refusals)("refuses an output that is %s", async (_name, plant, reason) => {
    const directory = createTestWorkspace("report-cli").root;
    const output = path.join(directory, "out.html");
    const target = await plant(output, directory);
    const run = await runCli(["report", fixture, "-o", output]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      `agent-hooks: cannot write the report ${output}: ${reason.replaceAll("<directory>", directory)}\n`,
    );
    if (target !== null) expect(await readFile(target, "utf8")).toBe(untouched);
    await expect(stat(path.join(directory, "created-through-link.html"))).rejects.toThrow("ENOENT");
  });

  // Only root can give a file to another user; elsewhere this case is skipped, visibly.
  it.skipIf(process.getuid?.() !== 0)(
    "refuses an output owned by another user (uid 65534; needs root to chown)",
    async () => {
      const directory = createTestWorkspace("report-cli").root;
      const output = path.join(directory, "out.html");
      await writeFile(output, untouched, { mode: 0o600 });
      await chown(output, 65_534, 65_534);
      const run = await runCli(["report", fixture, "-o", output]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("it belongs to another user (uid 65534)");
      expect(await readFile(output, "utf8")).toBe(untouched);
    },
  );

  it("refuses an output path that is the audit log itself", async () => {
    const run = await runCli(["report", fixture, "-o", fixture]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("would overwrite the audit log");
  });
});
