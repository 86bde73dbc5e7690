/**
 * Whether `error` is LangGraph's control flow rather than a failure (an `interrupt`, a parent
 * command): LangGraph marks these with `is_bubble_up`, and they must pass through untouched.
 */
export function isGraphBubbleUp(error: unknown): boolean {
  return typeof error === "object" && error !== null && Reflect.get(error, "is_bubble_up") === true;
}
