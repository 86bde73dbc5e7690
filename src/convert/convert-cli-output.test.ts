import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { chmod, lstat, readFile, symlink } from "node:fs/promises";
import path from "node:path";
import { parse as parseToml } from "smol-toml";
import { describe, expect, it } from "vitest";
import {
  createTestWorkspace,
  type TestWorkspace,
} from "../../test/support/create-test-workspace.js";
import { runCli } from "../../test/support/run-cli.js";
import { packageRoot, runProgram, type ScriptRun } from "../../test/support/run-node-script.js";
import { parseJsoncDocument } from "../config/parse-jsonc-document.js";

// `convert -o` into files that already exist: merged, never replaced with only the hooks.

const guard = {
  hooks: {
    PreToolUse: [
      { matcher: "Bash", hooks: [{ type: "command", command: "./guard.sh", timeout: 30 }] },
    ],
  },
};

const codexConfig = `# Codex settings
model = "o3"  # the model
approval_policy = "on-request"

# docs server
[mcp_servers.docs]
command = "npx"
args = ["-y", "docs-mcp"]  # pinned
env = { DOCS_TOKEN = "t" }
`;

const geminiSettings = `{
  // Gemini CLI settings
  "theme": "dark",
  "model": {
    "name": "gemini-2.5-pro", /* the big one */
  },
}
`;

function writeGuard(workspace: TestWorkspace): string {
  return workspace.writeJson(".claude/settings.json", guard);
}

function parseJsonc(text: string): Record<string, unknown> {
  const parsed = parseJsoncDocument(text, "settings.json");
  if (!parsed.ok) throw new Error(parsed.diagnostic.message);
  return parsed.value as Record<string, unknown>;
}

/** Every entry of a folder with its content, to show nothing else was written or left. */
function listFolder(folder: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(folder).map((name) => [name, readFileSync(path.join(folder, name), "utf8")]),
  );
}

describe("agent-hooks convert -o into an existing file", () => {
  it("merges Codex hook tables into config.toml, keeping every byte of its settings and its mode", async () => {
    const workspace = createTestWorkspace("convert-merge");
    const source = writeGuard(workspace);
    const target = workspace.writeFile(".codex/config.toml", codexConfig);
    await chmod(target, 0o640);
    const run = await runCli([
      "convert",
      "--from",
      "claude",
      "--to",
      "codex",
      "-o",
      target,
      source,
    ]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(
      `agent-hooks convert: note: merged into ${target}: set hooks; its other settings and comments are kept\n`,
    );
    const text = await readFile(target, "utf8");
    expect(text.startsWith(`${codexConfig}\n[[hooks.PreToolUse]]\nmatcher = "^Bash$"\n`)).toBe(
      true,
    );
    const { hooks, ...others } = parseToml(text);
    expect(others).toEqual(parseToml(codexConfig));
    expect(hooks).toEqual({
      PreToolUse: [
        { matcher: "^Bash$", hooks: [{ type: "command", command: "./guard.sh", timeout: 30 }] },
      ],
    });
    expect(statSync(target).mode & 0o777).toBe(0o640);
    expect(readdirSync(path.dirname(target))).toEqual(["config.toml"]);
  });

  it("merges --shim hooks into a Gemini CLI settings.json with comments, exit 0, and says so", async () => {
    const workspace = createTestWorkspace("convert-merge");
    const source = writeGuard(workspace);
    const target = workspace.writeFile(".gemini/settings.json", geminiSettings);
    const args = ["convert", "--shim", "--from", "claude", "--to", "gemini", "-o", target, source];
    const run = await runCli(args);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`agent-hooks convert: note: merged into ${target}: set hooks;`);
    const text = await readFile(target, "utf8");
    expect(text.startsWith(geminiSettings.replace(/,\n}\n$/, ",\n"))).toBe(true);
    const { hooks, ...others } = parseJsonc(text);
    expect(others).toEqual({ theme: "dark", model: { name: "gemini-2.5-pro" } });
    expect(Object.keys(hooks as object)).toEqual(["BeforeTool"]);
    // Run again after the source changed: the shim hooks it wrote are replaced, not doubled.
    workspace.writeJson(".claude/settings.json", {
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./v2.sh" }] }],
      },
    });
    const again = await runCli(args);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(
      "set hooks.BeforeTool; replaced hooks.BeforeTool: 1 entry agent-hooks wrote before;",
    );
    const merged = parseJsonc(await readFile(target, "utf8"));
    const groups = (merged.hooks as { BeforeTool: { hooks: { command: string }[] }[] }).BeforeTool;
    expect(groups).toHaveLength(1);
    expect(groups[0]?.hooks[0]?.command).toContain("./v2.sh");
    expect(merged.theme).toBe("dark");
  });

  it("keeps the user's own hooks on the event, but stops at one on a converted hook's matcher unless --force", async () => {
    const workspace = createTestWorkspace("convert-merge");
    const source = writeGuard(workspace);
    const settings = `{
  "theme": "dark",
  "hooks": {
    "BeforeTool": [
      { "matcher": "write_file", "hooks": [{ "type": "command", "command": "./lint.sh" }] },
      { "matcher": "^run_shell_command$", "hooks": [{ "type": "command", "command": "./mine.sh" }] }
    ],
    "AfterAgent": [{ "hooks": [{ "type": "command", "command": "notify" }] }]
  }
}
`;
    const target = workspace.writeFile(".gemini/settings.json", settings);
    const before = statSync(target);
    const args = ["convert", "--from", "claude", "--to", "gemini", "-o", target, source];
    const run = await runCli(args);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `agent-hooks: cannot write ${target}: it already has hooks.BeforeTool (1 entry of its own on the matcher of a converted one), which the converted hooks would replace; pass --force to replace it, or convert without -o and merge by hand\n`,
    );
    expect(await readFile(target, "utf8")).toBe(settings);
    expect(statSync(target).ino).toBe(before.ino);
    const forced = await runCli([...args, "--force"]);
    // Exit 3: without --shim, Gemini CLI does not read the hook's Claude Code answers (lossy).
    expect(forced.code).toBe(3);
    expect(forced.stderr).toContain(
      "; replaced hooks.BeforeTool (1 entry of its own on the matcher of a converted one); kept hooks.BeforeTool: 1 entry of its own, before the converted ones;",
    );
    const merged = parseJsonc(await readFile(target, "utf8"));
    expect(merged.theme).toBe("dark");
    expect(merged.hooks).toEqual({
      BeforeTool: [
        { matcher: "write_file", hooks: [{ type: "command", command: "./lint.sh" }] },
        {
          matcher: "^run_shell_command$",
          hooks: [{ type: "command", command: "./guard.sh", timeout: 30000 }],
        },
      ],
      AfterAgent: [{ hooks: [{ type: "command", command: "notify" }] }],
    });
  });

  it("refuses a file that does not parse, exit 1, untouched; --force replaces it whole", async () => {
    const workspace = createTestWorkspace("convert-merge");
    const source = writeGuard(workspace);
    const broken = '{ "theme": "dark"\n';
    const target = workspace.writeFile(".gemini/settings.json", broken);
    const args = ["convert", "--from", "claude", "--to", "gemini", "-o", target, source];
    const run = await runCli(args);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      new RegExp(
        `agent-hooks: cannot write ${target.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: it is not valid JSON \\(.*\\), so the converted hooks cannot be merged into it; fix it, or pass --force to replace the whole file\\n$`,
      ),
    );
    expect(await readFile(target, "utf8")).toBe(broken);
    const forced = await runCli([...args, "--force"]);
    // Exit 3: without --shim, Gemini CLI does not read the hook's Claude Code answers (lossy).
    expect(forced.code).toBe(3);
    expect(forced.stderr).toContain("replaced the whole file");
    expect(JSON.parse(await readFile(target, "utf8"))).toMatchObject({ hooks: {} });
  });

  it("refuses a symbolic link, leaving the link and the file it points to as they were", async () => {
    const workspace = createTestWorkspace("convert-merge");
    const source = writeGuard(workspace);
    const real = workspace.writeFile("dotfiles/settings.json", '{ "theme": "dark" }\n');
    const target = workspace.path(".gemini", "settings.json");
    workspace.createDirectory(".gemini");
    await symlink(real, target);
    const run = await runCli([
      "convert",
      "--from",
      "claude",
      "--to",
      "gemini",
      "-o",
      target,
      source,
    ]);
    expect(run).toMatchObject({ code: 1, stdout: "" });
    expect(run.stderr.split("\n").at(-2)).toBe(
      `agent-hooks: cannot write ${target}: it is a symbolic link to ${real}, and agent-hooks never writes through one; to write that file, pass -o ${real}`,
    );
    expect((await lstat(target)).isSymbolicLink()).toBe(true);
    expect(await readFile(real, "utf8")).toBe('{ "theme": "dark" }\n');
    const forced = await runCli([
      "convert",
      "--force",
      "--from",
      "claude",
      "--to",
      "gemini",
      "-o",
      target,
      source,
    ]);
    expect(forced.code).toBe(1);
    expect(await readFile(real, "utf8")).toBe('{ "theme": "dark" }\n');
  });

  it("exits 1 on --force without -o", async () => {
    const run = await runCli(["convert", "--force", "--from", "claude", "--to", "gemini", "-"], {
      input: JSON.stringify(guard),
    });
    expect(run).toEqual({ code: 1, stdout: "", stderr: "agent-hooks: --force needs -o <file>\n" });
  });

  // Root writes into a read-only folder anyway; as root the CLI runs without that power.
  const setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].find((file) => existsSync(file));
  const isRoot = process.getuid?.() === 0;
  it.skipIf(process.platform === "win32" || (isRoot && setpriv === undefined))(
    "fails in a read-only folder with exit 1, the original intact and no temporary file left",
    async () => {
      const workspace = createTestWorkspace("convert-merge");
      const source = writeGuard(workspace);
      const folder = workspace.createDirectory(".codex");
      const target = workspace.writeFile(".codex/config.toml", codexConfig);
      await chmod(folder, 0o555);
      let run: ScriptRun;
      try {
        const args = ["convert", "--from", "claude", "--to", "codex", "-o", target, source];
        run =
          isRoot && setpriv !== undefined
            ? await runProgram(
                setpriv,
                [
                  "--bounding-set=-dac_override,-dac_read_search",
                  process.execPath,
                  path.join(packageRoot, "bin/agent-hooks.js"),
                  ...args,
                ],
                { cwd: packageRoot, env: { ...process.env, NO_COLOR: "1" }, input: "" },
              )
            : await runCli(args);
      } finally {
        await chmod(folder, 0o755);
      }
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`agent-hooks: cannot write ${target}: EACCES\n`);
      expect(listFolder(folder)).toEqual({ "config.toml": codexConfig });
    },
  );
});
