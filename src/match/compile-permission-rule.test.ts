import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CompiledPermissionRule,
  compilePermissionRule,
  type ToolCall,
} from "./compile-permission-rule.js";

const cwd = "/p";
const home = "/home/u";

function compileOrFail(rule: string): CompiledPermissionRule {
  const compilation = compilePermissionRule(rule);
  if (!compilation.ok) {
    throw new Error(compilation.error);
  }
  return compilation.rule;
}

function createCall(toolName: string, toolInput: unknown, where: Partial<ToolCall> = {}): ToolCall {
  return { toolName, toolInput, cwd: where.cwd ?? cwd, home: where.home ?? home };
}

describe("compilePermissionRule", () => {
  it.each([
    ["Bash", "Bash"],
    ["Bash()", "Bash"],
    ["Bash(*)", "Bash"],
    ["  Bash(npm test)  ", "Bash"],
    ["Bash(echo (hi))", "Bash"],
    ["Bash(  )", "Bash"],
    ["Read", "Read"],
    ["Task", "Task"],
    ["Task()", "Task"],
    ["Task(*)", "Task"],
    ["mcp__github__create_issue", "mcp__github__create_issue"],
    ["mcp__my-server__tool", "mcp__my-server__tool"],
    ["mcp__my-server__tool()", "mcp__my-server__tool"],
    ["WebFetch(domain:example.com)", "WebFetch"],
    ["Write(src/**)", "Write"],
  ])("parses %j as a rule for tool %j", (rule, toolName) => {
    const compiled = compileOrFail(rule);
    expect(compiled.toolName).toBe(toolName);
    expect(compiled.source).toBe(rule);
  });

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    ["(npm test)", "tool name is missing"],
    ["()", "tool name is missing"],
    ["Bash(", "unbalanced"],
    ["Bash(npm test", "unbalanced"],
    ["Bash((x)", "unbalanced"],
    ["Bash)", "unbalanced"],
    ["Bash)(", "unbalanced"],
    ["Bash(npm test) now", "text after"],
    ["Bash(a)(b)", "text after"],
    ["Bash(a))", "text after"],
    ["Ba sh", "may only contain"],
    ["Bash!", "may only contain"],
    ["Bash.Output(x)", "may only contain"],
    ["Bash (x)", "may only contain"],
    ["Bäsh", "may only contain"],
    [
      "mcp__x__y(foo)",
      'Tool "mcp__x__y" does not take a specifier in an if rule; use "mcp__x__y" alone',
    ],
    ["Task(bar)", 'Tool "Task" does not take a specifier in an if rule; use "Task" alone'],
    ["bash(npm test)", 'Tool "bash" does not take a specifier'],
    ["WebFetch(example.com)", "domain:<hostname>"],
    ["WebFetch(https://example.com/*)", "domain:<hostname>"],
    ["WebFetch(domain:)", "valid domain"],
    ["WebFetch(domain:exa mple.com)", "valid domain"],
    ["WebFetch(domain:example.com/path)", "valid domain"],
    [`Read(${"a".repeat(70_000)})`, "not a valid glob"],
  ])("rejects %j (%s)", (rule, message) => {
    const compilation = compilePermissionRule(rule);
    expect(compilation.ok).toBe(false);
    if (!compilation.ok) {
      expect(compilation.error).toContain(message);
    }
  });

  it.each([
    // rule, command, expected
    ["Bash", "anything", true],
    ["Bash()", "rm -rf /", true],
    ["Bash(*)", "rm -rf /", true],
    ["Bash(npm test)", "npm test", true],
    ["Bash(npm test)", "  npm test  ", true],
    ["Bash(npm test)", "npm test --watch", false],
    ["Bash(npm test)", "npm testing", false],
    ["Bash(npm test)", "xnpm test", false],
    ["Bash(npm test)", "npm  test", false],
    ["Bash(npm run test:*)", "npm run test", true],
    ["Bash(npm run test:*)", "npm run test:unit", true],
    ["Bash(npm run test:*)", "npm run test -- -w", true],
    ["Bash(npm run test:*)", "npm run lint", false],
    ["Bash(npm run test:*)", "npm run tes", false],
    ["Bash(npm run test:*)", "echo npm run test", false],
    ["Bash(git *)", "git status", true],
    ["Bash(git *)", "git", true],
    ["Bash(git *)", "git push --force origin main", true],
    ["Bash(git *)", "gitk", false],
    ["Bash(git *)", "  git  ", true],
    ["Bash(git *)", "hub git status", false],
    ["Bash(git * --force)", "git push --force", true],
    ["Bash(git * --force)", "git push --force-with-lease", false],
    ["Bash(rm *)", "rm -rf /tmp/a b/c", true],
    ["Bash(*.sh)", "./scripts/deploy.sh", true],
    ["Bash(*.sh)", "./scripts/deploy.sh --prod", false],
    ["Bash(* --help)", "npm --help", true],
    ["Bash(curl *example.com*)", "curl -s https://example.com/x", true],
    ["Bash(curl *example.com*)", "curl -s https://example.org/x", false],
    ["Bash(echo a*b)", "echo ab", true],
    ["Bash(echo a*b)", "echo a/x y/b", true],
    ["Bash(echo a*b)", "echo a\nb", true],
    ["Bash(echo a*b)", "echo ba", false],
    ["Bash(ls -la)", "ls -la", true],
    ["Bash(echo .)", "echo x", false],
    ["Bash(echo a+)", "echo aa", false],
    ["Bash(echo a+)", "echo a+", true],
    ["Bash(echo [ab])", "echo a", false],
    ["Bash(echo [ab])", "echo [ab]", true],
    ["Bash(echo $HOME)", "echo $HOME", true],
    ["Bash(echo ^x|y$)", "echo ^x|y$", true],
    ["Bash(echo (hi))", "echo (hi)", true],
    ["Bash(echo (hi))", "echo hi", false],
    ["Bash(cat a\\b)", "cat a\\b", true],
    ["Bash(a?c)", "abc", false],
    ["Bash(a?c)", "a?c", true],
    ["Bash(npm test)", "", false],
  ])("%j against command %j gives %s", (rule, command, expected) => {
    expect(compileOrFail(rule).test(createCall("Bash", { command }))).toBe(expected);
  });

  it.each([
    // rule, tool name, tool input, call overrides, expected
    ["Write(src/**)", "Write", { file_path: "/p/src/a/b.ts" }, {}, true],
    ["Write(src/**)", "Write", { file_path: "src/x.ts" }, {}, true],
    ["Write(src/**)", "Write", { file_path: "./src/x.ts" }, {}, true],
    ["Write(src/**)", "Write", { file_path: "/p/test/a.ts" }, {}, false],
    ["Write(src/**)", "Write", { file_path: "/p/src/.env" }, {}, true],
    ["Write(src/**)", "Write", { file_path: "/p/src/../test/a.ts" }, {}, false],
    ["Write(src/**)", "Write", { file_path: "/q/src/a.ts" }, {}, false],
    ["Write(src/**)", "Write", { file_path: "/q/src/a.ts" }, { cwd: "/q" }, true],
    ["Write(src/**)", "Write", { file_path: "/p/src/a.ts" }, { cwd: "/q" }, false],
    ["Write(src/**)", "Write", { file_path: "/p/x/src/a.ts" }, { cwd: "/p/x" }, true],
    ["Write(./src/**)", "Write", { file_path: "/p/src/a.ts" }, {}, true],
    ["Write(*.ts)", "Write", { file_path: "/p/a.ts" }, {}, true],
    ["Write(*.ts)", "Write", { file_path: "/p/src/a.ts" }, {}, false],
    ["Write(**/*.ts)", "Write", { file_path: "/p/src/deep/a.ts" }, {}, true],
    ["Write(**/*.ts)", "Write", { file_path: "/p/src/deep/a.js" }, {}, false],
    ["Edit(src/*.{ts,tsx})", "Edit", { file_path: "/p/src/a.tsx" }, {}, true],
    ["Edit(src/*.{ts,tsx})", "Edit", { file_path: "/p/src/a.js" }, {}, false],
    ["Edit(.env*)", "Edit", { file_path: ".env.local" }, {}, true],
    ["Edit(//etc/**)", "Edit", { file_path: "/etc/hosts" }, {}, true],
    ["Edit(//etc/**)", "Edit", { file_path: "/p/etc/hosts" }, {}, false],
    ["Edit(/etc/**)", "Edit", { file_path: "/etc/ssh/sshd_config" }, {}, true],
    ["Edit(/etc/**)", "Edit", { file_path: "etc/hosts" }, {}, false],
    ["Edit(/etc/**)", "Edit", { file_path: "etc/hosts" }, { cwd: "/" }, true],
    ["Read(~/.ssh/**)", "Read", { file_path: "/home/u/.ssh/id_rsa" }, {}, true],
    ["Read(~/.ssh/**)", "Read", { file_path: "/home/v/.ssh/id_rsa" }, {}, false],
    ["Read(~/.ssh/**)", "Read", { file_path: "/home/v/.ssh/id_rsa" }, { home: "/home/v" }, true],
    ["Read(~/.ssh/**)", "Read", { file_path: "/p/~/.ssh/id_rsa" }, {}, false],
    ["Read(~)", "Read", { file_path: "/home/u" }, {}, true],
    ["Read(*)", "Read", { file_path: "/anywhere/at/all" }, {}, true],
    ["Read()", "Read", {}, {}, true],
    ["Read(src/**)", "Read", {}, {}, false],
    ["Read(src/**)", "Read", { file_path: "" }, {}, false],
    ["Read(src/**)", "Read", { file_path: 42 }, {}, false],
    ["Read(src/**)", "Read", { path: "/p/src/a.ts" }, {}, false],
    ["MultiEdit(src/**)", "MultiEdit", { file_path: "/p/src/a.ts" }, {}, true],
    ["NotebookEdit(*.ipynb)", "NotebookEdit", { notebook_path: "/p/a.ipynb" }, {}, true],
    ["NotebookEdit(*.ipynb)", "NotebookEdit", { file_path: "/p/a.ipynb" }, {}, false],
    ["Glob(src/**)", "Glob", { pattern: "*.ts", path: "/p/src/lib" }, {}, true],
    ["Glob(src/**)", "Glob", { pattern: "*.ts" }, {}, false],
    ["Glob(/p)", "Glob", { pattern: "*.ts" }, {}, true],
    ["Grep(/p)", "Grep", { pattern: "x", path: null }, {}, true],
    ["Grep(src/**)", "Grep", { pattern: "x", path: "src" }, {}, true],
    ["LS(/p)", "LS", {}, {}, true],
    ["LS(/p)", "LS", { path: "/q" }, {}, false],
    ["LS(**)", "LS", { path: "/" }, {}, false],
    ["Write(src/**)", "Edit", { file_path: "/p/src/a.ts" }, {}, false],
    ["Read(src/**)", "Glob", { path: "/p/src" }, {}, false],
    [
      "Write(src/**)",
      "Write",
      { file_path: "/w/we ird[1](x){a,b}!+@^$|/src/a.ts" },
      { cwd: "/w/we ird[1](x){a,b}!+@^$|" },
      true,
    ],
    [
      "Write(src/**)",
      "Write",
      { file_path: "/w/we ird1x/src/a.ts" },
      { cwd: "/w/we ird[1](x){a,b}!+@^$|" },
      false,
    ],
    ["Write(src/**)", "Write", { file_path: "/p/src/a.ts" }, { cwd: "/p/" }, true],
  ] as const)("%j on %s %j (%j) gives %s", (rule, toolName, toolInput, where, expected) => {
    expect(compileOrFail(rule).test(createCall(toolName, toolInput, where))).toBe(expected);
  });

  it.each([
    ["WebFetch(domain:example.com)", "https://example.com/a", true],
    ["WebFetch(domain:example.com)", "https://docs.example.com/a?b=c", true],
    ["WebFetch(domain:example.com)", "http://a.b.example.com:8080/", true],
    ["WebFetch(domain:example.com)", "https://EXAMPLE.com/", true],
    ["WebFetch(domain:example.com)", "https://example.com./", true],
    ["WebFetch(domain:Example.COM)", "https://example.com/", true],
    ["WebFetch(domain:example.com)", "https://notexample.com/", false],
    ["WebFetch(domain:example.com)", "https://example.com.evil.io/", false],
    ["WebFetch(domain:example.com)", "https://evil.io/example.com", false],
    ["WebFetch(domain:example.com)", "https://example.org/", false],
    ["WebFetch(domain:example.com)", "not a url", false],
    ["WebFetch(domain:example.com)", "example.com", false],
    ["WebFetch(domain:example.com)", "file:///example.com", false],
    ["WebFetch(domain:docs.example.com)", "https://example.com/", false],
    ["WebFetch(domain:docs.example.com)", "https://docs.example.com/", true],
    ["WebFetch(domain:localhost)", "http://localhost:3000/", true],
    ["WebFetch", "not a url", true],
  ])("%j against url %j gives %s", (rule, url, expected) => {
    expect(compileOrFail(rule).test(createCall("WebFetch", { url }))).toBe(expected);
  });

  it.each([
    ["Bash", "Bash", true],
    ["Bash", "BashOutput", false],
    ["Bash", "bash", false],
    ["Bash()", "Shell", false],
    ["Task", "Task", true],
    ["Task(*)", "Task", true],
    ["mcp__github__create_issue", "mcp__github__create_issue", true],
    ["mcp__github__create_issue", "mcp__github__create_issue_comment", false],
    ["mcp__github__create_issue", "mcp__github", false],
    ["Edit", "MultiEdit", false],
    ["Edit", "NotebookEdit", false],
  ])("%j applies to tool %j: %s", (rule, toolName, expected) => {
    expect(compileOrFail(rule).test(createCall(toolName, { command: "x" }))).toBe(expected);
  });

  const weirdInputs: unknown[] = [
    null,
    undefined,
    42,
    "npm test",
    true,
    [],
    ["npm test"],
    { command: 42 },
    { command: null },
    { command: ["npm", "test"] },
    { file_path: {} },
    { notebook_path: 1 },
    { path: [] },
    { url: 7 },
    Object.create(null),
    Object.create({ command: "npm test", file_path: "/p/src/a.ts", url: "https://example.com" }),
  ];
  const specifiedRules = [
    ["Bash(npm test)", "Bash"],
    ["Bash(npm:*)", "Bash"],
    ["Write(src/**)", "Write"],
    ["NotebookEdit(**)", "NotebookEdit"],
    ["WebFetch(domain:example.com)", "WebFetch"],
  ] as const;

  it.each(
    specifiedRules.flatMap(([rule, toolName]) =>
      weirdInputs.map((toolInput) => [rule, toolName, toolInput] as const),
    ),
  )("%j does not throw on tool input %j and does not match it", (rule, toolName, toolInput) => {
    expect(compileOrFail(rule).test(createCall(toolName, toolInput))).toBe(false);
  });

  it.each(weirdInputs.map((toolInput) => [toolInput]))(
    "a rule without specifier matches any tool input, such as %j",
    (toolInput) => {
      expect(compileOrFail("Bash").test(createCall("Bash", toolInput))).toBe(true);
    },
  );

  it("caches the compiled glob per cwd without mixing folders", () => {
    const rule = compileOrFail("Write(src/**)");
    const answers = ["/a", "/b", "/a", "/b"].flatMap((folder) => [
      rule.test(createCall("Write", { file_path: "/a/src/x.ts" }, { cwd: folder })),
      rule.test(createCall("Write", { file_path: "/b/src/x.ts" }, { cwd: folder })),
    ]);
    expect(answers).toEqual([true, false, false, true, true, false, false, true]);
    const manyFolders = Array.from({ length: 100 }, (_, index) => `/f${index}`);
    const results = manyFolders.map((folder) =>
      rule.test(createCall("Write", { file_path: `${folder}/src/x.ts` }, { cwd: folder })),
    );
    expect(results.every((result) => result)).toBe(true);
  });

  it("matches a Bash rule without * only against the identical command", () => {
    const plainCommand = fc
      .string({ minLength: 1, maxLength: 20 })
      .map((text) => text.replace(/[*()]/g, "").trim())
      .filter((text) => text !== "");
    fc.assert(
      fc.property(plainCommand, fc.oneof(plainCommand, fc.string()), (command, other) => {
        const rule = compileOrFail(`Bash(${command})`);
        const matchesItself = rule.test(createCall("Bash", { command: ` ${command}\n` }));
        const matchesOther = rule.test(createCall("Bash", { command: other }));
        return matchesItself && matchesOther === (other.trim() === command);
      }),
    );
  });

  it("matches every file under a relative folder glob and nothing outside it", () => {
    const segment = fc
      .stringMatching(/^[A-Za-z0-9._-]{1,8}$/)
      .filter((text) => !/^\.+$/.test(text));
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 1, maxLength: 4 }),
        segment,
        segment,
        (folders, name, other) => {
          fc.pre(other !== "src");
          const rule = compileOrFail("Edit(src/**)");
          const inside = ["src", ...folders, name].join("/");
          const outside = [other, ...folders, name].join("/");
          return (
            rule.test(createCall("Edit", { file_path: inside })) &&
            rule.test(createCall("Edit", { file_path: `/p/${inside}` })) &&
            !rule.test(createCall("Edit", { file_path: `/p/${outside}` }))
          );
        },
      ),
    );
  });
});
