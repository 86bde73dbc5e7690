import { createModelLender } from "../shared/create-model-lender.js";
import { createPromptEvaluator } from "./create-prompt-evaluator.js";

/** The callbacks the AI SDK adapter lends a dispatch for a model: its `evaluatePrompt`, made once. */
export const lendModel = createModelLender(createPromptEvaluator);
