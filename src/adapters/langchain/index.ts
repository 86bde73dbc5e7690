import { importPeerModule } from "../shared/import-peer-module.js";

// The package's `types` point at adapter.d.ts: its types are re-exported here, and its values
// loaded below with the framework, not statically, so a missing peer gets an install message.
export type * from "./adapter.js";

const adapter = await importPeerModule(() => import("./adapter.js"), {
  subpath: "agent-hooks/langchain",
  packages: ["langchain@1", "@langchain/core@1"],
});

/** The adapter's values, loaded with the framework (each documented in its own module). */
export const {
  createHooksMiddleware,
  addHooksToSubagents,
  createPromptEvaluator,
  deepagentsToolNames,
  resolvePublicToolName,
  isHookMessage,
} = adapter;
