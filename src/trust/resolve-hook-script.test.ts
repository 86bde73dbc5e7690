import { describe, expect, it } from "vitest";
import { resolveHookScript } from "./resolve-hook-script.js";

const where = { cwd: "/repo/sub", home: "/home/me", env: { PLUGIN_ROOT: "/plugins/lint" } };

describe("resolveHookScript", () => {
  it.each([
    // The first word, when it is a path.
    ["./guard.sh", "/repo/sub/guard.sh"],
    ["hooks/guard.sh --strict", "/repo/sub/hooks/guard.sh"],
    ["/opt/hooks/guard.sh", "/opt/hooks/guard.sh"],
    ["~/.zerotwo/hooks/guard.sh", "/home/me/.zerotwo/hooks/guard.sh"],
    ["$HOME/hooks/guard.sh", "/home/me/hooks/guard.sh"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell variable, not a template
    ["${PLUGIN_ROOT}/hooks/format.sh", "/plugins/lint/hooks/format.sh"],
    ['"$PLUGIN_ROOT/hooks/my hook.sh" arg', "/plugins/lint/hooks/my hook.sh"],
    ["'./my hook.sh'", "/repo/sub/my hook.sh"],
    ["./my\\ hook.sh", "/repo/sub/my hook.sh"],
    ["./guard.sh && echo done", "/repo/sub/guard.sh"],
    ["./guard.sh|tee log", "/repo/sub/guard.sh"],
    ["FOO=1 BAR='x y' ./guard.sh", "/repo/sub/guard.sh"],
    ["exec ./guard.sh", "/repo/sub/guard.sh"],
    // Interpreters: the first non-option argument.
    ["python3 ~/.zerotwo/hooks/session_start.py", "/home/me/.zerotwo/hooks/session_start.py"],
    ["python guard.py", "/repo/sub/guard.py"],
    ["python3.12 -u -W ignore guard.py --flag", "/repo/sub/guard.py"],
    ["/usr/bin/python3 -Wignore guard.py", "/repo/sub/guard.py"],
    ["node --require ./setup.js hook.mjs", "/repo/sub/hook.mjs"],
    ["node --import=tsx hook.ts", "/repo/sub/hook.ts"],
    ["bash -e ./guard.sh", "/repo/sub/guard.sh"],
    ["sh guard.sh", "/repo/sub/guard.sh"],
    ["zsh -o errexit guard.zsh", "/repo/sub/guard.zsh"],
    ["ruby hook.rb", "/repo/sub/hook.rb"],
    ["perl -w hook.pl", "/repo/sub/hook.pl"],
    ["deno run --allow-read hook.ts", "/repo/sub/hook.ts"],
    ["deno run -A -- hook.ts", "/repo/sub/hook.ts"],
    ["bun run hook.ts", "/repo/sub/hook.ts"],
    ["bun hook.ts", "/repo/sub/hook.ts"],
    ["npx tsx hook.ts", "/repo/sub/hook.ts"],
    ["npx --yes tsx hook.ts", "/repo/sub/hook.ts"],
    ["tsx hook.ts", "/repo/sub/hook.ts"],
    ["/usr/bin/env python3 hook.py", "/repo/sub/hook.py"],
    ["env -i PATH=/bin node hook.js", "/repo/sub/hook.js"],
    ["/usr/bin/env bash -- ~/hooks/x.sh", "/home/me/hooks/x.sh"],
    ['python3 "$PLUGIN_ROOT/scripts/check.py"', "/plugins/lint/scripts/check.py"],
  ])("%s → %s", (command, expected) => {
    expect(resolveHookScript(command, where)).toBe(expected);
  });

  it.each([
    ["bare program looked up on PATH", "jq .tool_name"],
    ["echo", "echo hello"],
    [
      "command substitution",
      '/usr/bin/python3 "$(git rev-parse --show-toplevel)/.zerotwo/hooks/x.py"',
    ],
    ["backticks", "python3 `pwd`/x.py"],
    ["unknown variable", "$CLAUDE_PROJECT_DIR/hooks/x.sh"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell variable, not a template
    ["unknown braced variable", "python3 ${REPO}/x.py"],
    ["inline code", "bash -c './guard.sh'"],
    ["clustered inline code", "bash -ec './guard.sh'"],
    ["python module", "python3 -m hooks.guard"],
    ["node eval", "node -e 'console.log(1)'"],
    ["stdin script", "python3 - < guard.py"],
    ["interpreter without script", "bash"],
    ["glob", "./hooks/*.sh"],
    ["another user's home", "~root/guard.sh"],
    ["unclosed quote", "python3 'guard.py"],
    ["env -S", "/usr/bin/env -S python3 -u guard.py"],
    ["npx of something else", "npx prettier --check ."],
    ["empty", ""],
    ["only assignments", "FOO=1"],
  ])("%s: none", (_, command) => {
    expect(resolveHookScript(command, where)).toBeNull();
  });

  it("reads argv commands without a shell: only the program's ~/ expands", () => {
    expect(resolveHookScript(["~/hooks/guard.sh", "--x"], where)).toBe("/home/me/hooks/guard.sh");
    expect(resolveHookScript(["python3", "hooks/guard.py"], where)).toBe(
      "/repo/sub/hooks/guard.py",
    );
    expect(resolveHookScript(["python3", "$HOME/guard.py"], where)).toBe(
      "/repo/sub/$HOME/guard.py",
    );
    expect(resolveHookScript(["git", "status"], where)).toBeNull();
  });
});
