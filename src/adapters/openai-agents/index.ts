// The framework is imported here, not statically, so a missing peer gets an install message
// (the package's `types` point at adapter.d.ts, which declares the same exports).
import { importPeerModule } from "../shared/import-peer-module.js";

const adapter = await importPeerModule(() => import("./adapter.js"), {
  subpath: "agent-hooks/openai-agents",
  packages: ["@openai/agents@0.14"],
});

export type {
  AdapterErrorHandler,
  AgentTurn,
  ApprovalRequest,
  HookGuardrails,
  OpenAIAgentsHooksOptions,
  PostToolBlockEffect,
  RunWithStopHooksOptions,
  StopHook,
  StopHookOptions,
  StopHookRun,
  StopVerdict,
} from "./adapter.js";

/** Creates the `Stop` hook loop's decision function for an engine. */
export const createStopHook = adapter.createStopHook;
/** Creates tool input and output guardrails that run the engine's tool hooks. */
export const createToolGuardrails = adapter.createToolGuardrails;
/** Runs an agent and continues it while `Stop` hooks block. */
export const runWithStopHooks = adapter.runWithStopHooks;
/** Adds the engine's tool hooks to an agent's tools. */
export const withHooks = adapter.withHooks;
