/**
 * The memory of every dedicated worker of a page, through the Chrome DevTools Protocol: each
 * worker's JS heap and the backing stores of its array buffers (vectors, model tables), in MiB
 * after a garbage collection in that worker. Playwright gives no CDP session for a worker, so this
 * attaches to them through the page's session and talks to each over Target.sendMessageToTarget.
 */

/** {name: {heap, buffers}} per worker (the name is its script's file name without the build hash). */
export async function workerMemoryMb(page) {
  const cdp = await page.context().newCDPSession(page);
  const workers = [];
  cdp.on('Target.attachedToTarget', (event) => event.targetInfo.type === 'worker' && workers.push(event));
  const replies = new Map();
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    const message = JSON.parse(event.message);
    replies.get(message.id)?.(message);
  });
  // Attaching reports every worker already running, before the call returns.
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  let next = 0;
  const call = (sessionId, method) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      replies.set(id, (message) =>
        message.error ? reject(new Error(message.error.message)) : resolve(message.result),
      );
      cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) }).catch(reject);
    });
  const out = {};
  // A worker may end between being listed and being asked (the harness restarts its workers): it is
  // left out, and an answer that never comes is not waited for.
  const ask = (sessionId, method) =>
    Promise.race([
      call(sessionId, method),
      new Promise((_, reject) => setTimeout(() => reject(new Error('no answer')), 10_000)),
    ]);
  try {
    for (const { sessionId, targetInfo } of workers) {
      try {
        await ask(sessionId, 'HeapProfiler.collectGarbage');
        const { usedSize, backingStorageSize } = await ask(sessionId, 'Runtime.getHeapUsage');
        const name = targetInfo.url
          .split('/')
          .pop()
          .replace(/-[\w-]{8}\.js$/, '');
        out[name] = {
          heap: Number((usedSize / 2 ** 20).toFixed(1)),
          buffers: Number((backingStorageSize / 2 ** 20).toFixed(1)),
        };
      } catch (error) {
        console.error(`worker ${targetInfo.url} not measured: ${error instanceof Error ? error.message : error}`);
      }
    }
  } finally {
    await cdp.detach();
  }
  return out;
}
