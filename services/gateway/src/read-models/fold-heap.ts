/**
 * Young-generation room of a thread that folds the log (the read models', a build's): a fold's
 * batch makes and drops objects by the million, and with 64 MB semi-spaces (V8's young generation
 * is three of them) they die young. The main thread keeps V8's default: since the fold left it,
 * results recorded at 32 clients went from ~1,500 to ~1,750–2,050 per second with the default.
 */
export const FOLD_YOUNG_GENERATION_MB = 192;

/**
 * The same for the thread that takes over once a long catch-up is done: live batches are small, and a
 * young generation grown to the catch-up's size stays resident (30–50 MB more after building plans of
 * 5,000 cases on 100,000 tests; results recorded at 32 clients were as fast either way).
 */
export const LIVE_FOLD_YOUNG_GENERATION_MB = 32;
