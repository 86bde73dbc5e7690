import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import { createSuiteWorkspace } from "../../test/support/create-test-workspace.js";
import { checkHookScripts } from "./check-hook-scripts.js";
import { diskFileLookup } from "./lookup-interpreter-entry.js";
import { resolveHookScripts } from "./resolve-hook-script.js";

// Each case is a real tree: the real node 20 or python3 runs the command, the file that ran
// prints its own path, and that file must be hashed (with every path the lookup looked at).

const workspace = createSuiteWorkspace("interpreter-lookup").root;
let counter = 0;

function tree(files: Record<string, string>): { root: string; home: string } {
  counter += 1;
  const root = join(workspace, `case-${counter}`);
  const home = join(root, "home");
  mkdirSync(home, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return { root, home };
}

const nodeMarker = 'process.stdout.write("ran:" + __filename);\n';
const pythonMarker = 'import sys, os; sys.stdout.write("ran:" + os.path.abspath(__file__))\n';

function runForReal(command: string[], cwd: string, home: string): string {
  const output = execFileSync(command[0] as string, command.slice(1), {
    cwd,
    env: { PATH: process.env.PATH ?? "", HOME: home },
    encoding: "utf8",
  });
  return /ran:(\S+)/.exec(output)?.[1] ?? "";
}

const resolve = (command: string[], root: string, home: string) =>
  resolveHookScripts(command, { cwd: root, home, lookup: diskFileLookup });

describe("node's lookup, as the real node 20 does it", () => {
  it.each([
    [
      "an extensionless name runs name.js",
      { "hooks/guard.js": nodeMarker },
      ["node", "hooks/guard"],
    ],
    [
      "a name runs name.json's sibling .js before a directory",
      { "g.js": nodeMarker, "g/index.js": "" },
      ["node", "g"],
    ],
    ["a directory runs its index.js", { "d/index.js": nodeMarker }, ["node", "d"]],
    [
      "a directory runs its package.json main",
      { "d/package.json": '{"main":"lib/m"}', "d/lib/m.js": nodeMarker, "d/index.js": "" },
      ["node", "d"],
    ],
    [
      "a main that does not resolve falls back to index.js",
      { "d/package.json": '{"main":"gone"}', "d/index.js": nodeMarker },
      ["node", "d"],
    ],
    [
      "-r ./pre loads pre.js",
      { "pre.js": nodeMarker, "main.js": "" },
      ["node", "-r", "./pre", "main.js"],
    ],
  ])("%s", (_name, files, command) => {
    const { root, home } = tree(files);
    const ran = runForReal(command, root, home);
    expect(ran).not.toBe("");
    const found = resolve(command, root, home);
    expect(found.files).toContain(ran);
    expect(found.notHashed).toEqual([]);
  });

  it("hashes the package.json files node reads for the module type, up to the first", () => {
    const { root, home } = tree({ "app/package.json": '{"type":"module"}', "app/src/x.js": "" });
    const found = resolve(["node", "app/src/x.js"], root, home);
    expect(found.files).toEqual([
      join(root, "app/src/x.js"),
      join(root, "app/src/package.json"),
      join(root, "app/package.json"),
    ]);
    // The type decides how the same bytes run: real node reads it.
    writeFileSync(join(root, "app/src/x.js"), "process.stdout.write(typeof require);\n");
    const run = () => execFileSync("node", ["app/src/x.js"], { cwd: root, encoding: "utf8" });
    expect(run()).toBe("undefined");
    writeFileSync(join(root, "app/package.json"), '{"type":"commonjs"}');
    expect(run()).toBe("function");
  });

  it("hashes no type scope for .mjs and .cjs", () => {
    const { root, home } = tree({ "x.mjs": "" });
    expect(resolve(["node", "x.mjs"], root, home).files).toEqual([join(root, "x.mjs")]);
  });

  it("hashes every candidate while none exists, and validate reports the script missing", () => {
    const { root, home } = tree({});
    const found = resolve(["node", "guard"], root, home);
    expect(found.files.slice(0, 4)).toEqual(
      ["", ".js", ".json", ".node"].map((extension) => join(root, `guard${extension}`)),
    );
    expect(found.required).toEqual([{ file: join(root, "guard"), executable: false }]);
    const definition = createHookDefinition({ command: "node guard" });
    expect(checkHookScripts([definition], { cwd: root, home }).map((item) => item.code)).toEqual([
      "script_not_found",
    ]);
  });

  it("flags tsx, ts-node and bun given a path that is not a file", () => {
    const { root, home } = tree({ "hooks/x.ts": "" });
    for (const program of ["tsx", "ts-node", "bun"]) {
      const found = resolve([program, "hooks/x"], root, home);
      expect(found.notHashed.map((entry) => entry.file)).toContain(join(root, "hooks/x"));
    }
  });
});

describe("python's lookup, as the real python3 does it", () => {
  it("a directory runs its __main__.py: hashed, and flagged for its bytecode", () => {
    const { root, home } = tree({ "pkg/__main__.py": pythonMarker });
    const ran = runForReal(["python3", "pkg"], root, home);
    expect(ran).toBe(join(root, "pkg/__main__.py"));
    const found = resolve(["python3", "pkg"], root, home);
    expect(found.files).toContain(ran);
    expect(found.files).toContain(join(root, "pkg/__main__.pyc"));
    expect(found.notHashed.map((entry) => entry.file)).toEqual([ran]);
  });

  it("hashes the user site-packages' .pth files, and the directories that hold them", () => {
    const { root, home } = tree({ "hook.py": pythonMarker });
    const version = execFileSync(
      "python3",
      ["-c", "import sys; print(f'python{sys.version_info[0]}.{sys.version_info[1]}')"],
      { encoding: "utf8" },
    ).trim();
    const site = join(home, ".local", "lib", version, "site-packages");
    mkdirSync(site, { recursive: true });
    // The real python runs the .pth file's import line at start-up.
    writeFileSync(
      join(site, "evil.pth"),
      `import os; open(${JSON.stringify(join(root, "pth-ran"))}, "w")\n`,
    );
    runForReal(["python3", "hook.py"], root, home);
    expect(execFileSync("ls", [root], { encoding: "utf8" })).toContain("pth-ran");
    const found = resolve(["python3", "hook.py"], root, home);
    expect(found.files[0]).toBe(join(root, "hook.py"));
    expect(found.files).toEqual(
      expect.arrayContaining([join(home, ".local", "lib"), site, join(site, "evil.pth")]),
    );
    // -s and -I skip it.
    expect(resolve(["python3", "-s", "hook.py"], root, home).files).toEqual([
      join(root, "hook.py"),
    ]);
    expect(resolve(["python3", "-I", "hook.py"], root, home).files).toEqual([
      join(root, "hook.py"),
    ]);
    rmSync(join(site, "evil.pth"));
  });

  it("a missing directory's __main__ is reported missing by validate", () => {
    const { root, home } = tree({ "pkg/other.py": "" });
    const definition = createHookDefinition({ command: "python3 pkg" });
    expect(checkHookScripts([definition], { cwd: root, home }).map((item) => item.code)).toEqual([
      "script_not_found",
    ]);
  });
});

describe("ruby's preloads", () => {
  it("-r ./pre hashes pre.rb and the extension libraries require may load", () => {
    const found = resolveHookScripts("ruby -r ./pre main.rb", {
      cwd: "/repo",
      home: "/home/me",
      lookup: diskFileLookup,
    });
    expect(found.files).toEqual(
      expect.arrayContaining(["/repo/pre", "/repo/pre.rb", "/repo/pre.so", "/repo/main.rb"]),
    );
  });
});

describe("programs whose configuration runs code", () => {
  const where = { cwd: "/repo", home: "/home/me", lookup: diskFileLookup };
  it.each([
    ["git status --short", "core.fsmonitor"],
    ["git -C sub diff", "diff.external"],
    ["git commit -m x", "core.hooksPath"],
    [".venv/bin/python hook.py", "virtual environment"],
    ["npx tsx hook.ts", "node-options"],
    ["npm exec -- tsx hook.ts", "script-shell"],
    ["pip install -r requirements.txt", "pip.conf"],
    ["bundle exec ruby x.rb", "Gemfile"],
    ["uv run hook.py", "build"],
    ["bun hook.ts", "bunfig.toml"],
    ["ts-node hook.ts", "tsconfig.json"],
    ["ssh host true", "ProxyCommand"],
    ["cargo run", "build scripts"],
    ["env git status", "core.fsmonitor"],
  ])("%s is not hashed: %s", (command, reason) => {
    const found = resolveHookScripts(command, where);
    expect(found.notHashed.map((entry) => entry.reason).join("\n")).toContain(reason);
  });

  it.each([
    "git rev-parse --show-toplevel",
    'cd "$(git rev-parse --show-toplevel)" && ./a.sh',
    "python3 hook.py",
    "/usr/bin/python3 hook.py",
  ])("%s stays hashed", (command) => {
    expect(resolveHookScripts(command, { ...where, gitRoot: "/repo" }).notHashed).toEqual([]);
  });

  it("hashes ~/.jq, which jq loads into every program", () => {
    const { root, home } = tree({});
    writeFileSync(join(home, ".jq"), 'def x: "from ~/.jq";');
    expect(
      execFileSync("jq", ["-n", "x"], {
        env: { HOME: home, PATH: process.env.PATH ?? "" },
        encoding: "utf8",
      }),
    ).toContain("from ~/.jq");
    expect(resolveHookScripts("jq -c .", { cwd: root, home }).files).toEqual([join(home, ".jq")]);
  });
});
