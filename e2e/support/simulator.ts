/** The product's bridge simulator as the specs drive it: its control port (fault mode, what it booked). */
import { expect } from 'vitest';
import { simulatorControlUrl } from './browser';

/** A control request: GET without a body, POST with one; answers the simulator's JSON. */
export async function simulator(path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${simulatorControlUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
  return response.json() as Promise<Record<string, unknown>>;
}

export const setSimulatorMode = (mode: string) => simulator('/__control/mode', { mode });

/** What the simulator booked for a round (refunds and wins), in order. */
export async function bookingsOf(roundId: string) {
  const { bookings } = (await simulator('/__control/bookings')) as {
    bookings: { roundId: string; type: string }[];
  };
  return bookings.filter((booking) => booking.roundId === roundId);
}
