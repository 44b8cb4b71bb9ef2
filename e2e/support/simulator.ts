/** The product's bridge simulator as the specs drive it: its control port (fault mode, what it booked). */
import { expect } from 'vitest';
import { simulatorControlUrl } from './browser';

/** A control request: GET without a body, POST with one; answers the simulator's JSON. */
export async function simulator(
  path: string,
  body?: unknown,
  controlUrl = simulatorControlUrl,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${controlUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
  return response.json() as Promise<Record<string, unknown>>;
}

export const setSimulatorMode = (mode: string) => simulator('/__control/mode', { mode });

/** What the simulator (the shared product's, or the one at `controlUrl`) booked for a round, in order. */
export async function bookingsOf(roundId: string, controlUrl = simulatorControlUrl) {
  const { bookings } = (await simulator('/__control/bookings', undefined, controlUrl)) as {
    bookings: { roundId: string; type: string }[];
  };
  return bookings.filter((booking) => booking.roundId === roundId);
}
