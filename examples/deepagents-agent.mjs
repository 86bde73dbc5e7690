#!/usr/bin/env node
// A Deep Agents JS agent with the bundled example hooks (examples/hooks.json), driven by a scripted
// fake model through a short coding session in a fresh temporary project. Run `npm run build`, then
// `npm start` (or `node examples/deepagents-agent.mjs`).
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { createHookEngine } from "agent-hooks";
import { createHooksMiddleware } from "agent-hooks/langchain";
import { createDeepAgent, LocalShellBackend } from "deepagents";
import { AIMessage, createMiddleware, fakeModel, HumanMessage } from "langchain";
import pc from "picocolors";

const examples = path.dirname(fileURLToPath(import.meta.url));
// Lines wrap to the terminal; piped output keeps one line per entry.
const width = process.stdout.isTTY
  ? Math.max(60, Math.min(process.stdout.columns, 120))
  : Number.POSITIVE_INFINITY;

// ── Timeline output ──────────────────────────────────────────────────────────────────────────────
const labels = {
  user: pc.bold(pc.cyan("user ")),
  model: pc.bold(pc.blue("model")),
  tool: pc.bold(pc.white("tool ")),
  hook: pc.bold(pc.magenta("hook ")),
  end: pc.bold(pc.green("end  ")),
};

function print(label, text) {
  const lines = text.split("\n").flatMap((line) => wrap(line, width - 7));
  for (const [index, line] of lines.entries()) {
    console.log(`${index === 0 ? labels[label] : "     "}  ${line}`);
  }
}

// Wraps at spaces, measuring without colour codes; continuation lines are indented.
function wrap(line, room) {
  const visible = (text) => stripVTControlCharacters(text).length;
  const lines = [];
  let current = "";
  for (const word of line.split(" ")) {
    if (current !== "" && visible(current) + 1 + visible(word) > room) {
      lines.push(current);
      current = `  ${word}`;
    } else {
      current = current === "" ? word : `${current} ${word}`;
    }
  }
  lines.push(current);
  return lines;
}

function describeArgs(args) {
  return Object.entries(args)
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
    .join(" ");
}

const tally = { denied: 0, asked: 0, stopBlocks: 0 };

function describeDispatch({ event, payload, result }) {
  const subject = payload.tool_name ?? payload.source ?? "";
  const head = `${pc.bold(event)}${subject === "" ? "" : ` ${subject}`}`;
  const lines = [];
  if (result.decision === "deny") tally.denied += 1;
  if (result.decision === "ask") tally.asked += 1;
  if (event === "Stop" && result.decision === "block") tally.stopBlocks += 1;
  if (result.decision !== null) {
    const color =
      result.decision === "allow" ? pc.green : result.decision === "ask" ? pc.yellow : pc.red;
    const reason = result.reason === null ? "" : ` — ${result.reason}`;
    const next = event === "Stop" ? pc.dim(" (the agent goes back to work)") : "";
    lines.push(`${head} → ${color(pc.bold(result.decision))}${reason}${next}`);
  } else if (result.runs.length === 0) {
    lines.push(`${head} ${pc.dim("→ no hook matched")}`);
  } else if (event === "Stop") {
    lines.push(`${head} ${pc.dim("→ no block: the turn ends")}`);
  } else if (result.additionalContext.length === 0) {
    lines.push(`${head} ${pc.dim("→ nothing to say")}`);
  } else {
    lines.push(head);
  }
  if (!result.continue) lines.push(pc.red(`stop: ${result.stopReason ?? "continue: false"}`));
  for (const context of result.additionalContext) {
    lines.push(`${pc.magenta("context →")} ${context}`);
  }
  for (const message of result.systemMessages) lines.push(`${pc.yellow("system:")} ${message}`);
  for (const diagnostic of result.diagnostics) {
    if (diagnostic.severity !== "info") {
      lines.push(pc.yellow(`${diagnostic.code}: ${diagnostic.message}`));
    }
  }
  return lines.join("\n");
}

// ── A fresh project and the example hooks, installed as the user's ~/.deepagents/hooks.json ──────
const scratch = await mkdtemp(path.join(os.tmpdir(), "agent-hooks-demo-"));
const home = path.join(scratch, "home");
const project = path.join(scratch, "project");
await mkdir(path.join(project, "src"), { recursive: true });
await mkdir(path.join(project, "build"));
await writeFile(path.join(project, "build", "app.js"), "// build output\n");
await writeFile(
  path.join(project, "package.json"),
  `${JSON.stringify({ name: "demo-project", private: true, type: "module", scripts: { test: "node test.js" } }, null, 2)}\n`,
);
await writeFile(path.join(project, "src", "math.js"), "export const add = (a, b) => a - b;\n");
await writeFile(
  path.join(project, "test.js"),
  [
    'import { add } from "./src/math.js";',
    "if (add(2, 3) !== 5) {",
    '  console.log("tests fail: add(2, 3) returned", add(2, 3));',
    "  process.exit(1);",
    "}",
    'console.log("tests pass");',
    "",
  ].join("\n"),
);
await installExampleHooks(path.join(home, ".deepagents", "hooks.json"));

// The example configuration names its scripts relative to the repository; point them at this folder.
async function installExampleHooks(target) {
  const config = JSON.parse(await readFile(path.join(examples, "hooks.json"), "utf8"));
  const scripts = `${path.join(examples, "hooks")}${path.sep}`;
  for (const groups of Object.values(config.hooks)) {
    for (const group of groups) {
      for (const handler of group.hooks) {
        handler.command = Array.isArray(handler.command)
          ? handler.command.map((word) => word.replace("examples/hooks/", scripts))
          : handler.command.replace("examples/hooks/", `'${scripts.replaceAll("'", "'\\''")}'`);
      }
    }
  }
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, `${JSON.stringify(config, null, 2)}\n`);
}

// ── The scripted model: each turn is printed as the agent asks for it ─────────────────────────────
let turns = 0;
let toolCalls = 0;
function turn(text, calls = []) {
  return () => {
    turns += 1;
    const message = new AIMessage({
      content: text,
      tool_calls: calls.map((call) => {
        toolCalls += 1;
        return { ...call, id: `call_${toolCalls}` };
      }),
    });
    const summary =
      calls.length === 0 ? `“${text}”` : `${text} → ${calls.map((call) => call.name).join(", ")}`;
    print("model", `${pc.dim(`turn ${turns}`)} ${summary}`);
    return message;
  };
}

const model = fakeModel()
  .respond(
    turn("Cleaning the build folder first.", [
      { name: "execute", args: { command: "rm -rf build" } },
    ]),
  )
  .respond(
    turn("Then the API key.", [
      { name: "write_file", args: { file_path: "/.env", content: "API_KEY=sk-demo\n" } },
    ]),
  )
  .respond(
    turn("Now the bug: add() subtracts.", [
      {
        name: "edit_file",
        args: { file_path: "/src/math.js", old_string: "a - b", new_string: "a + b" },
      },
    ]),
  )
  .respond(turn("Fixed add() in src/math.js. Done!"))
  .respond(
    turn("Running the tests as asked.", [
      { name: "execute", args: { command: "npm test --silent" } },
    ]),
  )
  .respond(turn("Fixed add(); npm test ran and the tests pass."));

// ── The agent: the hooks middleware, plus a small one that prints each tool call and its result ───
const engine = await createHookEngine({
  profile: "deepagents",
  cwd: project,
  home,
  sessionId: "demo",
});
const pendingAfterTool = [];
const hooks = createHooksMiddleware(engine, {
  onDispatch(record) {
    const line = describeDispatch(record);
    // PostToolUse is shown after the tool's result line.
    if (record.event === "PostToolUse") pendingAfterTool.push(line);
    else print("hook", line);
  },
});
const timeline = createMiddleware({
  name: "Timeline",
  wrapToolCall: async (request, handler) => {
    const { name, args } = request.toolCall;
    print("tool", `${pc.bold(name)} ${pc.dim(describeArgs(args))}`);
    const result = await handler(request);
    const message = "update" in result ? result.update?.messages?.[0] : result;
    const mark = message?.status === "error" ? pc.red("✗") : pc.green("✓");
    const text = String(message?.text ?? "")
      .split("\n\n")[0]
      .trim();
    print("tool", `${mark} ${text}`);
    for (const line of pendingAfterTool.splice(0)) print("hook", line);
    return result;
  },
});
const agent = createDeepAgent({
  model,
  backend: new LocalShellBackend({ rootDir: project, virtualMode: true, inheritEnv: true }),
  middleware: [timeline, hooks],
});

console.log(pc.bold(`agent-hooks × Deep Agents JS · ${engine.profile.title} profile`));
console.log(pc.dim(`project  ${project}`));
console.log(
  pc.dim(`hooks    ${path.join(home, ".deepagents", "hooks.json")} (from examples/hooks.json)`),
);
for (const diagnostic of engine.diagnostics)
  console.log(pc.yellow(`${diagnostic.code}: ${diagnostic.message}`));
console.log("");

const prompt = "Clean the build folder, add an API key to .env, and fix the failing test.";
print("user", prompt);
try {
  const state = await agent.invoke({ messages: [new HumanMessage(prompt)] });
  const exists = (file) =>
    readFile(path.join(project, file), "utf8").then(
      () => true,
      () => false,
    );
  const fixed = (await readFile(path.join(project, "src", "math.js"), "utf8")).includes("a + b");
  const summary = [
    `${turns} model turns, ${toolCalls} tool calls (${tally.denied} denied, ${tally.asked} asked)`,
    `Stop blocked ${tally.stopBlocks === 1 ? "once" : `${tally.stopBlocks} times`}`,
    `build/ ${(await exists("build/app.js")) ? "kept" : "deleted"}`,
    `.env ${(await exists(".env")) ? "written" : "not written"}`,
    `src/math.js ${fixed ? "fixed" : "unchanged"}`,
  ];
  console.log("");
  print("end", `session ends: ${pc.bold(`“${state.messages.at(-1)?.text}”`)}`);
  print("end", pc.dim(summary.join(" · ")));
} finally {
  await engine.close();
  await rm(scratch, { recursive: true, force: true });
}
