/**
 * Resolves in a later task, so that messages waiting for the worker (a search from the page) are
 * answered before long work goes on. An `await` of a promise that is already settled (an ONNX run
 * on WASM, a loop of them) lets no message in; a timer does.
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
