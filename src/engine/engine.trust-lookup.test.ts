import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { trustEveryHook } from "../../test/support/trust-every-hook.js";
import type { DispatchResult } from "../decide/dispatch-result.js";
import type { HookTrust } from "../trust/evaluate-hook-trust.js";
import { createHookEngine, type HookEngine } from "./engine.js";

// Trust a hook, change the file that really runs (found by an interpreter's lookup, git's top
// level, or a program's configuration), dispatch: skipped as modified, or not hashed from the
// start.

const engines: HookEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

const codes = (result: DispatchResult) => result.diagnostics.map((item) => item.code);
const statuses = (result: DispatchResult) => result.runs.map((run) => run.status);
const bash = { tool_name: "Bash", tool_input: { command: "ls" } };
const gitEnvironment = { PATH: process.env.PATH ?? "", GIT_CONFIG_NOSYSTEM: "1" };

/** A ZeroCode home with one user hook, run from `cwd` (relative to the workspace). */
function setup(command: string, files: Record<string, string>, cwd = ".") {
  const root = createTestWorkspace("trust-lookup").root;
  const home = join(root, "home");
  mkdirSync(join(home, ".zerotwo"), { recursive: true });
  writeFileSync(
    join(home, ".zerotwo", "hooks.json"),
    JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: "command", command }] }] } }),
  );
  const write = (name: string, text: string) => {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  };
  for (const [name, text] of Object.entries(files)) write(name, text);
  const options = {
    profile: "zerocode" as const,
    cwd: join(root, cwd),
    home,
    systemDir: join(root, "system"),
  };
  /** Trusts the hook at its current hash; returns its trust as `hooks list` shows it. */
  const trust = async (): Promise<HookTrust> => {
    const [first] = await trustEveryHook({ home, cwd: options.cwd, systemDir: options.systemDir });
    return first as HookTrust;
  };
  const engine = async () => {
    const created = await createHookEngine(options);
    engines.push(created);
    return created;
  };
  return { root, home, write, trust, engine };
}

/** Trusts, checks the hook runs, applies `change`, and expects the next engine to skip it. */
async function expectModifiedAfter(
  context: ReturnType<typeof setup>,
  change: () => void,
): Promise<void> {
  const trusted = await context.trust();
  // Only data may be listed (what git reads to find the repository): no code is unhashed.
  expect((trusted.notHashed ?? []).filter((entry) => entry.role !== "data")).toEqual([]);
  expect(statuses(await (await context.engine()).dispatch("PreToolUse", bash))).toEqual(["ok"]);
  change();
  const result = await (await context.engine()).dispatch("PreToolUse", bash);
  expect(statuses(result)).toEqual(["skipped"]);
  expect(codes(result)).toContain("hook_modified");
}

describe("class 1: the file an interpreter really runs", () => {
  it("node hooks/guard runs guard.js: editing guard.js makes the hook modified", async () => {
    const context = setup("node hooks/guard", { "hooks/guard.js": "process.stdin.resume();\n" });
    await expectModifiedAfter(context, () => context.write("hooks/guard.js", "// edited\n"));
  });

  it("node hooks/guard: a guard.js appearing beside a missing guard makes it modified", async () => {
    const context = setup("node hooks/guard || true", { "hooks/other.js": "" });
    await expectModifiedAfter(context, () => context.write("hooks/guard.js", "// new\n"));
  });

  it("node tool runs the package.json main: editing it makes the hook modified", async () => {
    const context = setup("node tool", {
      "tool/package.json": '{"main":"lib/run.js"}',
      "tool/lib/run.js": "",
    });
    await expectModifiedAfter(context, () => context.write("tool/lib/run.js", "// edited\n"));
  });

  it("node -r ./pre main.js loads pre.js: editing it makes the hook modified", async () => {
    const context = setup("node -r ./pre main.js", { "pre.js": "", "main.js": "" });
    await expectModifiedAfter(context, () => context.write("pre.js", "// edited\n"));
  });

  it("node x.js: a package.json above it switching the module type makes it modified", async () => {
    const context = setup("node app/x.js", { "app/x.js": "" });
    await expectModifiedAfter(context, () => context.write("package.json", '{"type":"module"}'));
  });

  it("python3 hooks (a file) replaced by a directory with __main__.py makes it modified", async () => {
    const context = setup("python3 hooks/check || true", { "hooks/check": "pass\n" });
    await expectModifiedAfter(context, () => {
      execFileSync("rm", [join(context.root, "hooks/check")]);
      context.write("hooks/check/__main__.py", "print('replaced')\n");
    });
  });

  it("python3 pkg runs pkg/__main__.py: hashed, and shown as not hashed for its bytecode", async () => {
    const context = setup("python3 pkg", { "pkg/__main__.py": "pass\n" });
    const trusted = await context.trust();
    expect(trusted.notHashed?.map((entry) => entry.file)).toEqual([
      join(context.root, "pkg/__main__.py"),
    ]);
    context.write("pkg/__main__.py", "print('edited')\n");
    const result = await (await context.engine()).dispatch("PreToolUse", bash);
    expect(codes(result)).toContain("hook_modified");
  });
});

describe("class 4: git's top level", () => {
  const command = '"$(git rev-parse --show-toplevel)/.zerotwo/hooks/x.sh"';
  const gitSetup = () => {
    const context = setup(
      command,
      {
        "repo/.zerotwo/hooks/x.sh": "#!/bin/sh\ncat >/dev/null\n",
        "other/.zerotwo/hooks/x.sh": "#!/bin/sh\ncat >/dev/null\necho other >&2\n",
      },
      "repo",
    );
    execFileSync("git", ["init", "-q"], { cwd: join(context.root, "repo"), env: gitEnvironment });
    execFileSync("chmod", ["+x", join(context.root, "repo/.zerotwo/hooks/x.sh")]);
    execFileSync("chmod", ["+x", join(context.root, "other/.zerotwo/hooks/x.sh")]);
    const pointElsewhere = () =>
      writeFileSync(
        join(context.root, "repo/.git/config"),
        `[core]\n\tworktree = ${join(context.root, "other")}\n`,
        { flag: "a" },
      );
    return { context, pointElsewhere };
  };

  it("core.worktree added after trust makes the hook modified at the next load", async () => {
    const { context, pointElsewhere } = gitSetup();
    await expectModifiedAfter(context, pointElsewhere);
    // The real git now prints the other directory.
    expect(
      execFileSync("git", ["rev-parse", "--show-toplevel"], {
        cwd: join(context.root, "repo"),
        env: gitEnvironment,
        encoding: "utf8",
      }).trim(),
    ).toBe(join(context.root, "other"));
  });

  it("core.worktree added between load and run is refused before the spawn", async () => {
    const { context, pointElsewhere } = gitSetup();
    await context.trust();
    const engine = await context.engine();
    expect(statuses(await engine.dispatch("PreToolUse", bash))).toEqual(["ok"]);
    pointElsewhere();
    const result = await engine.dispatch("PreToolUse", bash);
    expect(statuses(result)).toEqual(["skipped"]);
    expect(codes(result)).toContain("hook_modified");
  });

  it("GIT_WORK_TREE in the engine's environment (hooks inherit it) leaves the git root unknown", async () => {
    const { context } = gitSetup();
    const saved = process.env.GIT_WORK_TREE;
    process.env.GIT_WORK_TREE = join(context.root, "other");
    try {
      const trusted = await context.trust();
      expect(trusted.files).toEqual([]);
      expect(trusted.notHashed?.map((entry) => entry.reason).join("\n")).toMatch(
        /GIT_WORK_TREE is set/,
      );
    } finally {
      if (saved === undefined) delete process.env.GIT_WORK_TREE;
      else process.env.GIT_WORK_TREE = saved;
    }
  });
});

describe("class 7: programs whose configuration runs code", () => {
  it.each([
    ["git status --short", "core.fsmonitor"],
    [".venv/bin/python hook.py", "virtual environment"],
    ["npx tsx hook.ts", ".npmrc"],
  ])("%s is not hashed from the start (%s)", async (command, reason) => {
    const context = setup(command, { "hook.py": "", "hook.ts": "" });
    const trusted = await context.trust();
    expect(trusted.notHashed?.map((entry) => entry.reason).join("\n")).toContain(reason);
  });

  it("python3: a .pth file added to the user site-packages after trust makes it modified", async () => {
    const context = setup("python3 hook.py", { "hook.py": "" });
    const version = execFileSync(
      "python3",
      ["-c", "import sys; print(f'python{sys.version_info[0]}.{sys.version_info[1]}')"],
      { encoding: "utf8" },
    ).trim();
    mkdirSync(join(context.home, ".local", "lib", version, "site-packages"), { recursive: true });
    await expectModifiedAfter(context, () =>
      writeFileSync(
        join(context.home, ".local", "lib", version, "site-packages", "x.pth"),
        "import os\n",
      ),
    );
  });

  it("jq: a ~/.jq created after trust makes the hook modified", async () => {
    const context = setup("jq -c . >/dev/null", {});
    await expectModifiedAfter(context, () =>
      writeFileSync(join(context.home, ".jq"), 'def x: "y";'),
    );
  });
});
