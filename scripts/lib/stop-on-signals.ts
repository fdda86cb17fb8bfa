/**
 * How a command that owns long-running children (`npm run edge`: nginx; `npm run cluster`: nginx
 * and the instances) ends, whichever process the operator signals.
 *
 * - The package.json script `exec`s node, so npm's own child is this process: npm forwards
 *   SIGTERM and SIGINT to it, and no shell sits between them to die alone and orphan the rest.
 * - The children run in a process group of their own (`detached`), so Ctrl-C, which the terminal
 *   sends to the whole foreground group, reaches only npm and this process, and the children are
 *   stopped here, in order, once.
 * - A signal can arrive twice (Ctrl-C from the terminal, then again from npm): the handlers stay
 *   installed, so a second one does not fall back to the default action and kill this process
 *   before its children are stopped.
 * - If this process exits any other way (an uncaught error), `kill` signals the children
 *   synchronously on the way out, so they do not outlive it.
 */
export interface Stopper {
  /** Whether a stop has begun: a child that exits now was stopped, not lost. */
  readonly stopping: boolean;
  /** Stops the children (once), then exits with `code`. */
  stop(code: number): void;
}

export function stopOnSignals(children: { stop(): Promise<void>; kill(): void }): Stopper {
  let stopping = false;
  const stopper: Stopper = {
    get stopping() {
      return stopping;
    },
    stop(code) {
      if (stopping) return;
      stopping = true;
      children.stop().then(
        () => process.exit(code),
        (error: unknown) => {
          console.error(`stopping failed: ${String(error)}`);
          process.exit(1);
        },
      );
    },
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => stopper.stop(0));
  process.on('exit', () => children.kill());
  return stopper;
}
