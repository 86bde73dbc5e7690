import { importPeerModule } from "../shared/import-peer-module.js";

// The package's `types` point at adapter.d.ts: its types are re-exported here, and its values
// loaded below with the framework, not statically, so a missing peer gets an install message.
export type * from "./adapter.js";

const adapter = await importPeerModule(() => import("./adapter.js"), {
  subpath: "agent-hooks/openai-agents",
  packages: ["@openai/agents@0.14"],
});

/** Creates an engine `evaluatePrompt` that answers `prompt` hooks with an OpenAI Agents model. */
export const createPromptEvaluator = adapter.createPromptEvaluator;
/** Creates one agent session's lifecycle hooks (SessionStart, UserPromptSubmit, Notification, SessionEnd). */
export const createSessionHooks = adapter.createSessionHooks;
/** Creates the `Stop` hook loop's decision function for an engine. */
export const createStopHook = adapter.createStopHook;
/** Creates tool input and output guardrails that run the engine's tool hooks. */
export const createToolGuardrails = adapter.createToolGuardrails;
/** Runs one user turn with the session's hooks, then the `Stop` loop. */
export const runWithHooks = adapter.runWithHooks;
/** Runs an agent and continues it while `Stop` hooks block. */
export const runWithStopHooks = adapter.runWithStopHooks;
/** Adds the engine's tool hooks to an agent's tools. */
export const withHooks = adapter.withHooks;
