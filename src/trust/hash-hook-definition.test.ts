import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { copyFixture } from "../../test/support/copy-fixture.js";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import type { HookDefinition } from "../config/hook-definition.js";
import { loadConfig } from "../config/load-config.js";
import { zerocodeProfile } from "../profiles/zerocode.js";
import { findHookScripts } from "./find-hook-scripts.js";
import { hashHookDefinition, identifyHook } from "./hash-hook-definition.js";

function createDefinition(overrides: Partial<HookDefinition> = {}): HookDefinition {
  return createHookDefinition({
    matcher: "Bash",
    command: "python3 ~/.zerotwo/hooks/guard.py",
    timeoutMs: 600_000,
    trust: "review",
    file: "/home/me/.zerotwo/hooks.json",
    ...overrides,
  });
}

function copyFixtureHome(name: string): string {
  return copyFixture(`trust/${name}`, createTestWorkspace("hash").root);
}

describe("identifyHook", () => {
  it("is 12 lowercase hex characters, stable across reordering", () => {
    const first = createDefinition();
    const moved = createDefinition({
      path: "hooks.PreToolUse[3].hooks[2]",
      groupPath: "hooks.PreToolUse[3]",
      groupIndex: 3,
      handlerIndex: 2,
      timeoutMs: 30_000,
      statusMessage: "Checking",
    });
    expect(identifyHook(first)).toMatch(/^[0-9a-f]{12}$/);
    expect(identifyHook(moved)).toBe(identifyHook(first));
  });

  it("treats null, empty and * matchers alike", () => {
    const ids = [null, "", "*"].map((matcher) => identifyHook(createDefinition({ matcher })));
    expect(new Set(ids).size).toBe(1);
  });

  it.each([
    ["file", { file: "/repo/.zerotwo/hooks.json" }],
    ["event", { event: "PostToolUse" }],
    ["matcher", { matcher: "Edit" }],
    ["command", { command: "python3 ~/.zerotwo/hooks/other.py" }],
    ["argv command", { command: ["python3", "~/.zerotwo/hooks/guard.py"] }],
  ])("changes with the %s", (_, overrides) => {
    expect(identifyHook(createDefinition(overrides))).not.toBe(identifyHook(createDefinition()));
  });
});

describe("hashHookDefinition", () => {
  const options = { cwd: "/nonexistent-cwd", home: "/nonexistent-home" };

  it("is a sha256 hex digest that ignores provenance and position", async () => {
    const hash = await hashHookDefinition(createDefinition(), options);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const elsewhere = createDefinition({
      file: "/etc/zerotwo/config.toml",
      layer: "system",
      path: "hooks.PreToolUse[1].hooks[0]",
      groupIndex: 1,
    });
    expect(await hashHookDefinition(elsewhere, options)).toBe(hash);
  });

  it("normalizes the match-all matcher spellings", async () => {
    const hashes = await Promise.all(
      [null, "", "*"].map((matcher) => hashHookDefinition(createDefinition({ matcher }), options)),
    );
    expect(new Set(hashes).size).toBe(1);
  });

  it.each([
    ["event", { event: "PostToolUse" }],
    ["matcher", { matcher: "^Bash$" }],
    ["command", { command: "python3 ~/.zerotwo/hooks/guard.py --strict" }],
    ["timeout", { timeoutMs: 30_000 }],
    ["statusMessage", { statusMessage: "Checking" }],
    ["additionalContextLimit", { additionalContextLimit: 5000 }],
    ["additionalContextLimit 0", { additionalContextLimit: 0 }],
  ])("changes with the %s", async (_, overrides) => {
    const base = await hashHookDefinition(createDefinition(), options);
    expect(await hashHookDefinition(createDefinition(overrides), options)).not.toBe(base);
  });

  it("hashes the JSON and TOML spellings of one hook the same", async () => {
    const home = copyFixtureHome("spellings");
    const loaded = await loadConfig(zerocodeProfile, {
      home,
      cwd: home,
      systemDir: path.join(home, "no-system"),
    });
    const files = loaded.definitions.map((definition) => path.basename(definition.file));
    expect(files).toEqual(["hooks.json", "config.toml"]);
    const [json, toml] = loaded.definitions as [HookDefinition, HookDefinition];
    expect(await hashHookDefinition(toml, { cwd: home, home })).toBe(
      await hashHookDefinition(json, { cwd: home, home }),
    );
    // Different files: different ids, so each is trusted on its own.
    expect(identifyHook(toml)).not.toBe(identifyHook(json));
  });

  it("includes the script's bytes: editing or replacing it changes the hash, not the id", async () => {
    const home = copyFixtureHome("home");
    const definition = createDefinition({ file: path.join(home, ".zerotwo/hooks.json") });
    const before = await hashHookDefinition(definition, { cwd: home, home });
    const id = identifyHook(definition);
    await writeFile(path.join(home, ".zerotwo/hooks/guard.py"), "print('something else')\n");
    const after = await hashHookDefinition(definition, { cwd: home, home });
    expect(after).not.toBe(before);
    expect(identifyHook(definition)).toBe(id);
  });

  it("hashes a script that appears later differently from the missing one", async () => {
    const home = createTestWorkspace("hash").root;
    const definition = createDefinition({ command: "./guard.sh" });
    const missing = await hashHookDefinition(definition, { cwd: home, home });
    await writeFile(path.join(home, "guard.sh"), "#!/bin/sh\n");
    expect(await hashHookDefinition(definition, { cwd: home, home })).not.toBe(missing);
  });

  it("resolves relative scripts against the hook's own cwd before the session cwd", async () => {
    const [one, two] = [createTestWorkspace("hash").root, createTestWorkspace("hash").root];
    await writeFile(path.join(one, "guard.sh"), "echo one\n");
    await writeFile(path.join(two, "guard.sh"), "echo two\n");
    const definition = createDefinition({ command: "bash guard.sh" });
    const inOne = await hashHookDefinition(definition, { cwd: one, home: one });
    expect(await hashHookDefinition(definition, { cwd: two, home: one })).not.toBe(inOne);
    const pinned = createDefinition({ command: "bash guard.sh", cwd: one });
    expect(await hashHookDefinition(pinned, { cwd: two, home: one })).toBe(
      await hashHookDefinition(pinned, { cwd: one, home: one }),
    );
    // The cwd is part of what runs: pinning it is a new definition.
    expect(await hashHookDefinition(pinned, { cwd: one, home: one })).not.toBe(inOne);
  });

  it("hashes only the definition when the script path uses $(…)", async () => {
    const home = copyFixtureHome("home");
    const command =
      '/usr/bin/python3 "$(git rev-parse --show-toplevel)/.zerotwo/hooks/session_start.py"';
    const definition = createDefinition({ command });
    const hash = await hashHookDefinition(definition, { cwd: home, home });
    expect(await hashHookDefinition(definition, options)).toBe(hash);
  });

  it("expands the hook's own environment, such as a plugin's PLUGIN_ROOT", async () => {
    const root = createTestWorkspace("plugin").root;
    await writeFile(path.join(root, "format.sh"), "echo v1\n");
    const definition = createDefinition({
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell variable, not a template
      command: '"${PLUGIN_ROOT}/format.sh"',
      env: { PLUGIN_ROOT: root },
    });
    const before = await hashHookDefinition(definition, options);
    await writeFile(path.join(root, "format.sh"), "echo v2\n");
    expect(await hashHookDefinition(definition, options)).not.toBe(before);
  });

  it("treats a directory as no script", async () => {
    const home = createTestWorkspace("hash").root;
    const directory = createDefinition({ command: `${home}/` });
    await expect(hashHookDefinition(directory, { cwd: home, home })).resolves.toMatch(
      /^[0-9a-f]{64}$/,
    );
  });

  it("hashes every script of a command list: replacing a later one changes the hash", async () => {
    const cwd = createTestWorkspace("hash").root;
    await writeFile(path.join(cwd, "a.sh"), "echo a\n");
    await writeFile(path.join(cwd, "b.sh"), "echo b\n");
    for (const command of ["./a.sh && ./b.sh", "./a.sh; ./b.sh", "./a.sh | bash b.sh"]) {
      const definition = createDefinition({ command });
      const before = await hashHookDefinition(definition, { cwd, home: cwd });
      await writeFile(path.join(cwd, "b.sh"), `echo ${command.length}\n`);
      expect(await hashHookDefinition(definition, { cwd, home: cwd })).not.toBe(before);
    }
  });

  it("keeps the hash of a hook with one script, and adds `scripts` only for more", async () => {
    const cwd = createTestWorkspace("hash").root;
    await writeFile(path.join(cwd, "a.sh"), "echo a\n");
    await writeFile(path.join(cwd, "b.sh"), "echo b\n");
    const sha256 = (text: string | Buffer) => createHash("sha256").update(text).digest("hex");
    const a = await readFile(path.join(cwd, "a.sh"));
    const b = await readFile(path.join(cwd, "b.sh"));
    const expected = (command: string, extra: Record<string, unknown>) =>
      sha256(
        JSON.stringify({
          event: "PreToolUse",
          matcher: "Bash",
          type: "command",
          command,
          timeout: 600,
          statusMessage: null,
          additionalContextLimit: null,
          ...extra,
        }),
      );
    const single = createDefinition({ command: "./a.sh && echo done" });
    expect(await hashHookDefinition(single, { cwd, home: cwd })).toBe(
      expected("./a.sh && echo done", { script: sha256(a) }),
    );
    const list = createDefinition({ command: "./a.sh && ./b.sh" });
    expect(await hashHookDefinition(list, { cwd, home: cwd })).toBe(
      expected("./a.sh && ./b.sh", { script: sha256(a), scripts: [sha256(b)] }),
    );
  });

  it("hashes a script under a project-directory variable the profile sets", async () => {
    const cwd = createTestWorkspace("hash").root;
    await mkdir(path.join(cwd, "hooks"));
    await writeFile(path.join(cwd, "hooks/x.sh"), "echo v1\n");
    const definition = createDefinition({ command: '"$ZEROCODE_PROJECT_DIR"/hooks/x.sh' });
    const where = { cwd, home: cwd, projectDirectoryVariables: ["ZEROCODE_PROJECT_DIR"] };
    expect(findHookScripts(definition, where)).toEqual({
      files: [path.join(cwd, "hooks/x.sh")],
      notHashed: [],
      required: [{ file: path.join(cwd, "hooks/x.sh"), executable: true }],
    });
    const before = await hashHookDefinition(definition, where);
    await writeFile(path.join(cwd, "hooks/x.sh"), "echo v2\n");
    expect(await hashHookDefinition(definition, where)).not.toBe(before);
    // A profile that does not set the variable cannot know the file.
    expect(findHookScripts(definition, { cwd, home: cwd })).toEqual({
      files: [],
      notHashed: [
        {
          word: '"$ZEROCODE_PROJECT_DIR"/hooks/x.sh',
          reason: "the program is the variable $ZEROCODE_PROJECT_DIR, whose value is not known",
        },
      ],
      required: [],
    });
  });

  it("resolves $(git rev-parse --show-toplevel) to the directory git itself prints", async () => {
    const root = createTestWorkspace("hash").root;
    execFileSync("git", ["init", "--quiet", root]);
    await mkdir(path.join(root, "sub/deeper"), { recursive: true });
    await writeFile(path.join(root, "check.sh"), "echo v1\n");
    const cwd = path.join(root, "sub/deeper");
    const printed = execFileSync("git", ["rev-parse", "--show-toplevel"], {
      cwd,
      encoding: "utf8",
    });
    const definition = createDefinition({
      command: 'sh "$(git rev-parse --show-toplevel)/check.sh" && echo done',
    });
    expect(findHookScripts(definition, { cwd, home: root }).files).toEqual([
      path.join(printed.trim(), "check.sh"),
    ]);
    const before = await hashHookDefinition(definition, { cwd, home: root });
    await writeFile(path.join(root, "check.sh"), "echo v2\n");
    expect(await hashHookDefinition(definition, { cwd, home: root })).not.toBe(before);
    // A hook that points git elsewhere is not resolved.
    const elsewhere = createDefinition({ ...definition, env: { GIT_DIR: "/elsewhere/.git" } });
    const notHashed = findHookScripts(elsewhere, { cwd, home: root }).notHashed;
    expect(notHashed.filter((entry) => entry.role !== "data")).toHaveLength(1);
  });
});

describe("hashHookDefinition covers how a hook runs", () => {
  const where = { cwd: "/nonexistent-repo", home: "/nonexistent-home" };

  it.each([
    ["persistent", { persistent: true }],
    ["cwd", { cwd: "hooks" }],
    ["env", { env: { MODE: "strict" } }],
    ["env (another value)", { env: { NODE_OPTIONS: "--require ./x.js" } }],
    ["if", { if: "Bash(git *)" }],
    ["timeout", { timeoutMs: 1 }],
    ["command", { command: "python3 ~/.zerotwo/hooks/guard.py --loose" }],
    ["argv command", { command: ["python3", "guard.py"] }],
    ["statusMessage", { statusMessage: "Checking" }],
    ["additionalContextLimit", { additionalContextLimit: 0 }],
  ] as const)("a change to %s gives a new hash", async (_, change) => {
    const base = await hashHookDefinition(createDefinition(), where);
    const changed = await hashHookDefinition(createDefinition(change), where);
    expect(changed).not.toBe(base);
  });

  // Any field added to HookDefinition later is hashed unless it is provenance.
  it("hashes every field except where the hook was written", async () => {
    const provenance = [
      "file",
      "layer",
      "path",
      "groupPath",
      "groupIndex",
      "handlerIndex",
      "trust",
    ];
    const base = createDefinition();
    const baseHash = await hashHookDefinition(base, where);
    for (const key of Object.keys(base) as (keyof HookDefinition)[]) {
      const value: unknown = base[key];
      const changed =
        typeof value === "boolean"
          ? !value
          : typeof value === "number"
            ? value + 1
            : typeof value === "string"
              ? `${value}x`
              : value === null
                ? "set"
                : { ...(value as object), ADDED: "1" };
      const hash = await hashHookDefinition({ ...base, [key]: changed } as HookDefinition, where);
      if (provenance.includes(key)) expect(hash, key).toBe(baseHash);
      else expect(hash, key).not.toBe(baseHash);
    }
  });

  it("keeps the hash of a hook that sets no execution field, and orders env", async () => {
    const first = createDefinition({ env: { A: "1", B: "2" } });
    const second = createDefinition({ env: { B: "2", A: "1" } });
    expect(await hashHookDefinition(first, where)).toBe(await hashHookDefinition(second, where));
    expect(await hashHookDefinition(createDefinition({ env: {} }), where)).toBe(
      await hashHookDefinition(createDefinition(), where),
    );
  });
});
