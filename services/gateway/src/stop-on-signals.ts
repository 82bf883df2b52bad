/** On the first SIGINT or SIGTERM, says so, runs `stop` (an orderly shutdown; a second signal meanwhile changes nothing) and exits. */
export function stopOnSignals(stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    await stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void onSignal('SIGINT'));
  process.on('SIGTERM', () => void onSignal('SIGTERM'));
}
