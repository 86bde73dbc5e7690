import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { createSuiteWorkspace } from "../../test/support/create-test-workspace.js";
import { saveProjectTrust, writeProjectTrust } from "./write-project-trust.js";

const lines = (...text: string[]) => text.join("\n");

describe("writeProjectTrust", () => {
  it.each([
    ["an empty file", "", "/repo", lines('[projects."/repo"]', 'trust_level = "trusted"', "")],
    [
      "a file with comments and settings",
      lines("# My settings", 'model = "zt-large" # the big one', "", "[tui]", "theme = 'dark'", ""),
      "/repo",
      lines(
        "# My settings",
        'model = "zt-large" # the big one',
        "",
        "[tui]",
        "theme = 'dark'",
        "",
        '[projects."/repo"]',
        'trust_level = "trusted"',
        "",
      ),
    ],
    [
      "a file without a final newline",
      'model = "x"',
      "/repo",
      lines('model = "x"', "", '[projects."/repo"]', 'trust_level = "trusted"', ""),
    ],
    [
      "a file ending with a blank line",
      'model = "x"\n\n',
      "/repo",
      lines('model = "x"', "", '[projects."/repo"]', 'trust_level = "trusted"', ""),
    ],
    [
      "other projects already listed",
      lines('[projects."/other"]', 'trust_level = "trusted"', ""),
      "/repo",
      lines(
        '[projects."/other"]',
        'trust_level = "trusted"',
        "",
        '[projects."/repo"]',
        'trust_level = "trusted"',
        "",
      ),
    ],
    [
      "a path with spaces and quotes",
      "",
      '/home/me/my "best" repo',
      lines('[projects."/home/me/my \\"best\\" repo"]', 'trust_level = "trusted"', ""),
    ],
    [
      "a Windows path",
      "",
      "C:\\Users\\me\\repo",
      lines('[projects."C:\\\\Users\\\\me\\\\repo"]', 'trust_level = "trusted"', ""),
    ],
    [
      "a CRLF file",
      '# mine\r\nmodel = "x"\r\n',
      "/repo",
      '# mine\r\nmodel = "x"\r\n\r\n[projects."/repo"]\r\ntrust_level = "trusted"\r\n',
    ],
  ])("appends the table to %s", (_name, before, projectPath, after) => {
    expect(writeProjectTrust(before, projectPath)).toEqual({
      ok: true,
      text: after,
      change: "added",
    });
  });

  it.each([
    [
      "replaces an untrusted level, keeping its comment and the table's other keys",
      lines(
        "# top",
        '[projects."/repo"]',
        "# why",
        'trust_level = "untrusted" # decided later',
        'note = "x"',
        "",
        "[tui]",
        "",
      ),
      lines(
        "# top",
        '[projects."/repo"]',
        "# why",
        'trust_level = "trusted" # decided later',
        'note = "x"',
        "",
        "[tui]",
        "",
      ),
    ],
    [
      "adds trust_level under an existing header without one",
      lines("[projects.'/repo'] # my repo", 'note = "x"', "[tui]", ""),
      lines("[projects.'/repo'] # my repo", 'trust_level = "trusted"', 'note = "x"', "[tui]", ""),
    ],
    [
      "finds a header written with spaces and a literal key",
      lines("[ projects . '/repo' ]", "  trust_level   =   'untrusted'", ""),
      lines("[ projects . '/repo' ]", '  trust_level   =   "trusted"', ""),
    ],
    [
      "edits the right table when a sibling's trust_level comes first",
      lines(
        '[projects."/other"]',
        'trust_level = "untrusted"',
        '[projects."/repo"]',
        'trust_level = "untrusted"',
      ),
      lines(
        '[projects."/other"]',
        'trust_level = "untrusted"',
        '[projects."/repo"]',
        'trust_level = "trusted"',
      ),
    ],
    [
      "ignores a header-like line inside a multi-line string",
      lines('banner = """', '[projects."/repo"]', '"""', "", '[projects."/repo"]', "x = 1", ""),
      lines(
        'banner = """',
        '[projects."/repo"]',
        '"""',
        "",
        '[projects."/repo"]',
        'trust_level = "trusted"',
        "x = 1",
        "",
      ),
    ],
    [
      "keeps CRLF line ends when replacing",
      '[projects."/repo"]\r\ntrust_level = "untrusted"\r\n[tui]\r\n',
      '[projects."/repo"]\r\ntrust_level = "trusted"\r\n[tui]\r\n',
    ],
    [
      "keeps CRLF line ends when inserting",
      '[projects."/repo"]\r\nx = 1\r\n',
      '[projects."/repo"]\r\ntrust_level = "trusted"\r\nx = 1\r\n',
    ],
  ])("%s", (_name, before, after) => {
    const edit = writeProjectTrust(before, "/repo");
    expect(edit).toEqual({ ok: true, text: after, change: "updated" });
  });

  it("edits a Windows path's table written with a literal key", () => {
    const before = lines("[projects.'C:\\Users\\me\\repo']", 'trust_level = "untrusted"', "");
    expect(writeProjectTrust(before, "C:\\Users\\me\\repo")).toEqual({
      ok: true,
      text: lines("[projects.'C:\\Users\\me\\repo']", 'trust_level = "trusted"', ""),
      change: "updated",
    });
  });

  it("leaves an already trusted project unchanged", () => {
    const text = lines("# keep", '[projects."/repo"]', 'trust_level = "trusted"', "");
    expect(writeProjectTrust(text, "/repo")).toEqual({ ok: true, text, change: "unchanged" });
  });

  it.each([
    ["an inline table", 'projects = { "/repo" = { trust_level = "untrusted" } }\n'],
    ["dotted keys", '[projects]\n"/repo".trust_level = "untrusted"\n'],
  ])("refuses to guess with %s", (_name, text) => {
    expect(writeProjectTrust(text, "/repo")).toEqual({
      ok: false,
      error: expect.stringContaining("cannot be edited safely"),
    });
  });

  it("refuses a file that is not valid TOML", () => {
    expect(writeProjectTrust('model = "x\n', "/repo")).toEqual({
      ok: false,
      error: expect.stringMatching(/not valid TOML \(.* at line 1, column \d+\)/),
    });
  });

  it.each([
    ["/home/me/repo", "/home/me/repo"],
    ["/a b/c", "/a b/c"],
    ['/a"b', '/a"b'],
    ["C:\\x\\y", "C:\\x\\y"],
    ["/tab\there", "/tab\there"],
  ])("always writes a key that parses back to the path: %j", (projectPath, expected) => {
    const edit = writeProjectTrust("", projectPath);
    if (!edit.ok) throw new Error(edit.error);
    const value = parse(edit.text) as { projects: Record<string, { trust_level: string }> };
    expect(Object.keys(value.projects)).toEqual([expected]);
    expect(value.projects[expected]?.trust_level).toBe("trusted");
  });
});

describe("saveProjectTrust", () => {
  const base = createSuiteWorkspace("trust-project").root;

  it("creates the folder and a 0600 file when there is none", async () => {
    const file = join(base, "new-home", ".zerotwo", "config.toml");
    expect(await saveProjectTrust(file, "/repo")).toEqual({ ok: true, file, change: "added" });
    expect(readFileSync(file, "utf8")).toBe('[projects."/repo"]\ntrust_level = "trusted"\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("keeps the file's mode and leaves no temporary file behind", async () => {
    const directory = join(base, "keep-mode");
    mkdirSync(directory);
    const file = join(directory, "config.toml");
    writeFileSync(file, "# mine\n", { mode: 0o640 });
    expect(await saveProjectTrust(file, "/repo")).toMatchObject({ ok: true, change: "added" });
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(readdirSync(directory)).toEqual(["config.toml"]);
    expect(await saveProjectTrust(file, "/repo")).toMatchObject({ ok: true, change: "unchanged" });
  });

  it("refuses a symlinked config.toml, leaving the link and its target as they were", async () => {
    const directory = join(base, "linked");
    mkdirSync(directory);
    const target = join(directory, "real.toml");
    writeFileSync(target, "# dotfiles\n");
    const link = join(directory, "config.toml");
    symlinkSync(target, link);
    expect(await saveProjectTrust(link, "/repo")).toEqual({
      ok: false,
      file: link,
      error: `it is a symbolic link to ${target}, and agent-hooks never writes through one; add trust_level = "trusted" under [projects."/repo"] in ${target} by hand`,
    });
    expect(readFileSync(target, "utf8")).toBe("# dotfiles\n");
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });

  it("does not touch a file it cannot edit safely", async () => {
    const file = join(base, "broken.toml");
    writeFileSync(file, 'model = "x\n');
    expect(await saveProjectTrust(file, "/repo")).toMatchObject({ ok: false, file });
    expect(readFileSync(file, "utf8")).toBe('model = "x\n');
  });
});
