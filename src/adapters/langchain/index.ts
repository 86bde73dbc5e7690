import { importPeerModule } from "../shared/import-peer-module.js";

// The package's `types` point at adapter.d.ts: its types are re-exported here, and its values
// loaded below with the framework, not statically, so a missing peer gets an install message.
export type * from "./adapter.js";

const adapter = await importPeerModule(() => import("./adapter.js"), {
  subpath: "agent-hooks/langchain",
  packages: ["langchain@1", "@langchain/core@1"],
});

/** Creates LangChain agent middleware that runs a hook engine's events. */
export const createHooksMiddleware = adapter.createHooksMiddleware;
/** Adds the hooks middleware to every Deep Agents subagent spec, the general-purpose one included. */
export const addHooksToSubagents = adapter.addHooksToSubagents;
/** Creates an engine `evaluatePrompt` that answers `prompt` hooks with a LangChain chat model. */
export const createPromptEvaluator = adapter.createPromptEvaluator;
/** Deep Agents' built-in tool names mapped to the public names hooks match on. */
export const deepagentsToolNames = adapter.deepagentsToolNames;
/** The name hooks see for a framework tool name. */
export const resolvePublicToolName = adapter.resolvePublicToolName;
/** Whether a message was added by a hook (optionally: of this kind). */
export const isHookMessage = adapter.isHookMessage;
