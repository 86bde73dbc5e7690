import { describe, expect, it } from "vitest";
import { resolveHookScript, resolveHookScripts } from "./resolve-hook-script.js";

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

describe("resolveHookScripts", () => {
  const scripts = (command: string, extra: { gitRoot?: string | null } = {}) =>
    resolveHookScripts(command, { ...where, ...extra });

  it.each([
    ["./a.sh && ./b.sh", ["/repo/sub/a.sh", "/repo/sub/b.sh"]],
    ["./a.sh; ./b.sh", ["/repo/sub/a.sh", "/repo/sub/b.sh"]],
    ["./a.sh | ./b.sh", ["/repo/sub/a.sh", "/repo/sub/b.sh"]],
    [
      "./a.sh || python3 b.py & node c.mjs",
      ["/repo/sub/a.sh", "/repo/sub/b.py", "/repo/sub/c.mjs"],
    ],
    ["./a.sh\n./b.sh # ./not-run.sh", ["/repo/sub/a.sh", "/repo/sub/b.sh"]],
    ["./a.sh 2>/dev/null >> log.txt && bash ./b.sh <input", ["/repo/sub/a.sh", "/repo/sub/b.sh"]],
    ["./a.sh &>/dev/null; ./b.sh 2>&1 | tee log", ["/repo/sub/a.sh", "/repo/sub/b.sh"]],
    ["(./a.sh) && { ./b.sh; }", ["/repo/sub/a.sh", "/repo/sub/b.sh"]],
    [
      "if ./a.sh; then ./b.sh; else ! ./c.sh; fi",
      ["/repo/sub/a.sh", "/repo/sub/b.sh", "/repo/sub/c.sh"],
    ],
    ["while ./a.sh; do ./b.sh; done", ["/repo/sub/a.sh", "/repo/sub/b.sh"]],
    ["echo start && ./a.sh && jq . && ./a.sh", ["/repo/sub/a.sh"]],
    [". ./lib.sh && source ~/env.sh", ["/repo/sub/lib.sh", "/home/me/env.sh"]],
    ["cd hooks && ./a.sh && cd /opt && ./b.sh", ["/repo/sub/hooks/a.sh", "/opt/b.sh"]],
    ["cd && ./a.sh", ["/home/me/a.sh"]],
    [
      "node x.mjs && python3 x.py && bash x.sh",
      ["/repo/sub/x.mjs", "/repo/sub/x.py", "/repo/sub/x.sh"],
    ],
    ['echo "a && ./quoted.sh" && ./a.sh', ["/repo/sub/a.sh"]],
    ['echo "$(./gen.sh)" > "$(python3 out.py)"', ["/repo/sub/gen.sh", "/repo/sub/out.py"]],
    ["jq . <<< `~/hooks/x.sh`", ["/home/me/hooks/x.sh"]],
    ['echo "$(cat "$(./inner.sh)")"', ["/repo/sub/inner.sh"]],
  ])("%s → every script", (command, files) => {
    expect(scripts(command)).toEqual({ files, notHashed: [] });
  });

  it("resolves the git root form only when the git root is known", () => {
    const command = '/usr/bin/python3 "$(git rev-parse --show-toplevel)/.zerotwo/hooks/x.py"';
    expect(scripts(command, { gitRoot: "/repo" })).toEqual({
      files: ["/repo/.zerotwo/hooks/x.py"],
      notHashed: [],
    });
    expect(scripts("`git rev-parse --show-toplevel`/h.sh", { gitRoot: "/repo" }).files).toEqual([
      "/repo/h.sh",
    ]);
    expect(scripts(command, { gitRoot: null })).toEqual({
      files: [],
      notHashed: ['"$(git rev-parse --show-toplevel)/.zerotwo/hooks/x.py"'],
    });
    // After a `cd`, git may find another repository.
    expect(scripts(`cd /elsewhere && ${command}`, { gitRoot: "/repo" }).files).toEqual([]);
    expect(
      scripts('cd "$(git rev-parse --show-toplevel)" && ./hooks/a.sh', { gitRoot: "/repo" }),
    ).toEqual({ files: ["/repo/hooks/a.sh"], notHashed: [] });
  });

  it.each([
    ['./a.sh && "$(pwd)/b.sh"', ["/repo/sub/a.sh"], ['"$(pwd)/b.sh"']],
    ["$UNKNOWN/hook.sh | ./b.sh", ["/repo/sub/b.sh"], ["$UNKNOWN/hook.sh"]],
    ['"$TOOL" --check', [], ['"$TOOL"']],
    ["python3 `which x`.py", [], ["`which x`.py"]],
    ["./a.sh; hooks/*.sh", ["/repo/sub/a.sh"], ["hooks/*.sh"]],
    ["source lib.sh", [], ["lib.sh"]],
    ['cd "$(dirname x)" && ./a.sh && /opt/b.sh', ["/opt/b.sh"], ["./a.sh"]],
    ["(cd sub && ./a.sh); ./b.sh", [], ["./a.sh", "./b.sh"]],
    ["env -S 'python3 x.py'", [], ["'python3 x.py'"]],
    ["./a.sh <<EOF\nx\nEOF\n./b.sh", ["/repo/sub/a.sh"], ["<<EOF x EOF ./b.sh"]],
  ])("%s: reports what it cannot hash", (command, files, notHashed) => {
    expect(scripts(command)).toEqual({ files, notHashed });
  });

  it("finds no script in bare programs, inline code and syntax errors", () => {
    for (const command of ["jq . && echo done", "bash -c './a.sh'", "python3 'x.py", ""]) {
      expect(scripts(command)).toEqual({ files: [], notHashed: [] });
    }
  });
});
