/**
 * The bridge client's limits in the tests that run against the bridge simulator. Short enough that a test
 * of a bridge that never answers takes a few seconds; long enough that a stalled test process (a machine
 * starved by another run: over 600 ms was seen) does not turn a call that should succeed into one whose
 * outcome is unknown, which the product then rightly leaves pending.
 */
export const BRIDGE_TEST_TIMEOUTS = { connectTimeoutMs: 1_000, requestTimeoutMs: 1_500 } as const;

/** A `slow` simulator's delay that outlasts `BRIDGE_TEST_TIMEOUTS`' request limit by a clear second. */
export const SLOWER_THAN_THE_TIMEOUT_MS = BRIDGE_TEST_TIMEOUTS.requestTimeoutMs + 1_000;

/** The limit on fetching a game's frontend in the CPV tests, stalled processes allowed for as above. */
export const FRONTEND_TEST_TIMEOUT_MS = 2_000;
