import { cp, mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../../test/support/create-test-workspace.js";
import { packageRoot, runNodeScript } from "../../../test/support/run-node-script.js";
import { formatInstallMessage, importPeerModule } from "./import-peer-module.js";

function createModuleNotFound(message: string): Error {
  return Object.assign(new Error(message), { code: "ERR_MODULE_NOT_FOUND" });
}

const langchain = {
  subpath: "agent-hooks/langchain",
  packages: ["langchain@1", "@langchain/core@1"],
};

describe("importPeerModule", () => {
  it.each([
    [["ai@6"], "install ai@6 to use agent-hooks/x"],
    [
      ["langchain@1", "@langchain/core@1"],
      "install langchain@1 and @langchain/core@1 to use agent-hooks/x",
    ],
    [["a@1", "b@2", "@c/d@3"], "install a@1, b@2 and @c/d@3 to use agent-hooks/x"],
  ])("names %j in the install message", (packages, message) => {
    expect(formatInstallMessage({ subpath: "agent-hooks/x", packages })).toBe(message);
  });

  it("turns a missing peer (also a scoped one) into the install message, keeping the cause", async () => {
    for (const name of ["langchain", "@langchain/core"]) {
      const missing = createModuleNotFound(`Cannot find package '${name}' imported from /x/y.js`);
      const imported = importPeerModule(() => Promise.reject(missing), langchain);
      await expect(imported).rejects.toThrow(
        "install langchain@1 and @langchain/core@1 to use agent-hooks/langchain",
      );
      await expect(imported).rejects.toHaveProperty("cause", missing);
    }
  });

  it.each([
    [
      "another missing package",
      createModuleNotFound("Cannot find package 'zod' imported from /x/y.js"),
    ],
    ["a missing file", createModuleNotFound("Cannot find module '/x/langchain/dist/index.js'")],
    ["an error thrown while loading", new TypeError("Cannot find package 'langchain'")],
  ])("passes %s through unchanged", async (_what, error) => {
    await expect(importPeerModule(() => Promise.reject(error), langchain)).rejects.toBe(error);
  });
});

// The built package, copied into a project whose node_modules holds its dependencies and no peer.
async function createProjectWithoutPeers(): Promise<string> {
  const project = createTestWorkspace("peer").root;
  const installed = path.join(project, "node_modules", "agent-hooks");
  await mkdir(installed, { recursive: true });
  await cp(path.join(packageRoot, "package.json"), path.join(installed, "package.json"));
  // Another test file may be rebuilding dist/ behind its lock directory: that is not copied.
  await cp(path.join(packageRoot, "dist"), path.join(installed, "dist"), {
    recursive: true,
    filter: (source) => path.basename(source) !== ".build-lock",
  });
  const manifest = JSON.parse(await readFile(path.join(packageRoot, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  for (const name of Object.keys(manifest.dependencies)) {
    const link = path.join(project, "node_modules", name);
    await mkdir(path.dirname(link), { recursive: true });
    await symlink(path.join(packageRoot, "node_modules", name), link, "dir");
  }
  return project;
}

describe("an adapter imported without its framework (built package)", () => {
  it.each([
    [
      "agent-hooks/langchain",
      "install langchain@1 and @langchain/core@1 to use agent-hooks/langchain",
    ],
    ["agent-hooks/ai-sdk", "install ai@6 to use agent-hooks/ai-sdk"],
    ["agent-hooks/openai-agents", "install @openai/agents@0.14 to use agent-hooks/openai-agents"],
  ])("%s fails with the install command", async (subpath, message) => {
    const project = await createProjectWithoutPeers();
    const script = path.join(project, "import.mjs");
    await writeFile(
      script,
      `const core = await import("agent-hooks");
console.log(typeof core.createHookEngine);
try {
  await import(${JSON.stringify(subpath)});
} catch (error) {
  console.log(error.message);
}
`,
    );
    const run = await runNodeScript(script, [], { cwd: project });
    expect(run).toMatchObject({ code: 0, stdout: `function\n${message}\n` });
  });
});

describe("each adapter entry", () => {
  it.each([
    ["langchain", () => import("../langchain/index.js"), () => import("../langchain/adapter.js")],
    ["ai-sdk", () => import("../ai-sdk/index.js"), () => import("../ai-sdk/adapter.js")],
    [
      "openai-agents",
      () => import("../openai-agents/index.js"),
      () => import("../openai-agents/adapter.js"),
    ],
  ] as const)(
    "%s exports the same values as its adapter module (which its types describe)",
    async (_name, loadEntry, loadAdapter) => {
      const [entry, adapter] = await Promise.all([loadEntry(), loadAdapter()]);
      expect(Object.keys(entry).sort()).toEqual(Object.keys(adapter).sort());
      for (const [name, value] of Object.entries(adapter)) {
        expect(entry[name as keyof typeof entry], name).toBe(value);
      }
    },
  );
});
