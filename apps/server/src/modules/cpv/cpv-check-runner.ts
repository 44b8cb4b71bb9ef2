/**
 * Runs CPV checks (GLI-19 §2.3.2, §B.2.6): takes a queued check, finds out what it covers, gets each
 * component's hash (the bridges report theirs; the back office downloads and hashes the frontends itself),
 * judges it against the component's allowed hashes and appends one result per component, counting the
 * check's progress as it goes. A mismatch is a significant event, an alert and — when master data says
 * so — the deactivation of the game version.
 */
import {
  cpvBridgeComponent,
  type CpvResult,
  type CpvResultCounts,
  type CpvSource,
} from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alerts } from '../../db/schema/index';
import { recordCpvResult } from '../../lib/metrics';
import { openSecret } from '../../lib/sealed-secrets';
import type { SecretBox } from '../../lib/secret-box';
import { recordAudit } from '../audit/audit.service';
import { BridgeCallError, createBridgeClient, type BridgeClientOptions } from '../bridges/bridge-client';
import { createSignificantEventsRepository } from '../significant-events/significant-events.repository';
import { createCpvChecksRepository, type GameVersionTarget } from './cpv-checks.repository';
import { hashFrontend, type FrontendHashOptions } from './frontend-hash';

/** The significant events' component for CPV. */
export const CPV_EVENT_COMPONENT = 'cpv';
export const CPV_MISMATCH_ALERT = 'cpv-mismatch';
/** Results triggered by the schedule name it as their trigger. */
export const SCHEDULE_TRIGGER = 'schedule';

export interface CpvRunnerOptions {
  /** Timeouts of the bridge calls (tests shorten them). */
  bridgeClient?: BridgeClientOptions;
  /** Opens the bridges' sealed secrets to sign the requests (issue 15); the app always passes its box. */
  secrets?: SecretBox;
  /** Size and time limits of a frontend download. */
  frontend?: FrontendHashOptions;
  /** How many frontends are downloaded at once (default 4). */
  concurrency?: number;
}

/** A component's hash as found, before it is judged. */
interface Finding {
  component: string;
  source: CpvSource;
  /** Null: no hash could be had (unreachable). */
  actualHash: string | null;
  /** Where the hash came from, or why there is none. */
  detail: string;
  /** The game version of a frontend (a mismatch may deactivate it). */
  gameVersionId?: string;
}

export interface RunSummary {
  checks: number;
  /** Whether one of the checks covered all components. */
  full: boolean;
  counts: CpvResultCounts;
}

interface ClaimedCheck {
  id: string;
  trigger: 'schedule' | 'manual';
  triggeredBy: string | null;
  components: string[] | null;
}

const countKey: Record<CpvResult, keyof CpvResultCounts> = {
  pass: 'pass',
  mismatch: 'mismatch',
  'unknown-component': 'unknownComponent',
  unreachable: 'unreachable',
};

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(workers);
}

function judge(actualHash: string | null, allowed: readonly string[]): CpvResult {
  if (actualHash === null) return 'unreachable';
  if (allowed.length === 0) return 'unknown-component';
  return allowed.includes(actualHash) ? 'pass' : 'mismatch';
}

export function createCpvCheckRunner(db: Db, options: CpvRunnerOptions = {}) {
  const repository = createCpvChecksRepository();
  const significantEvents = createSignificantEventsRepository();
  const client = createBridgeClient(options.bridgeClient);
  const concurrency = Math.max(1, options.concurrency ?? 4);

  /** What a mismatch sets off, in the transaction that appends its result. */
  async function onMismatch(
    tx: Db,
    check: ClaimedCheck,
    finding: Finding & { actualHash: string },
    result: { id: string; expectedHash: string | null; detail: string },
  ) {
    let deactivated = false;
    if (finding.gameVersionId && (await repository.deactivateOnMismatch(tx))) {
      const before = await repository.deactivateGameVersion(tx, finding.gameVersionId);
      if (before?.wasActive) {
        deactivated = true;
        // Open rounds finish: only new rounds need an active version (spec §4).
        await recordAudit(tx, {
          actor: null,
          entityType: 'game-version',
          entityId: finding.gameVersionId,
          action: 'deactivate',
          before: { active: true },
          after: { active: false, reason: `CPV mismatch of ${finding.component} (check ${check.id})` },
        });
      }
    }

    await significantEvents.insert(tx, {
      happenedAt: new Date().toISOString(),
      reason:
        `CPV mismatch: ${finding.component} has a hash that is not among its allowed hashes. ${result.detail}` +
        (deactivated ? ' The game version has been deactivated for new rounds.' : ''),
      component: CPV_EVENT_COMPONENT,
      userName: check.trigger === 'manual' ? check.triggeredBy : null,
      beforeValue: result.expectedHash,
      afterValue: finding.actualHash,
      casinoId: null,
      createdBy: null,
      createdByName: null,
    });

    // One open alert per component: a second check finding the same mismatch adds no second alert.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`alert:${CPV_MISMATCH_ALERT}:${finding.component}`}))`,
    );
    if (!(await repository.hasOpenAlert(tx, CPV_MISMATCH_ALERT, finding.component))) {
      await tx.insert(alerts).values({
        kind: CPV_MISMATCH_ALERT,
        subject: finding.component,
        message:
          `${finding.component}: hash ${finding.actualHash} is not among its allowed hashes. ${result.detail}` +
          (deactivated ? ' The game version has been deactivated for new rounds.' : ''),
        details: {
          checkId: check.id,
          resultId: result.id,
          source: finding.source,
          expectedHash: result.expectedHash,
          actualHash: finding.actualHash,
          deactivated,
        },
      });
    }
  }

  /** Judges one finding, appends its result (and what a mismatch sets off) and counts it done. */
  async function record(check: ClaimedCheck, finding: Finding): Promise<CpvResult> {
    const outcome = await db.transaction(async (tx) => {
      const known = await repository.hashesFor(tx, finding.component, finding.actualHash);
      const result = judge(finding.actualHash, known.allowed);
      const why =
        result === 'mismatch' && known.retiredHere
          ? ' The hash was allowed once and has been retired.'
          : (result === 'mismatch' || result === 'unknown-component') && known.allowedFor
            ? ` The hash is allowed for ${known.allowedFor}.`
            : '';
      const detail = `${finding.detail}${why}`;
      const expectedHash = known.allowed.length > 0 ? known.allowed.join(',') : null;
      const appended = await repository.appendResult(tx, {
        checkId: check.id,
        component: finding.component,
        source: finding.source,
        expectedHash,
        actualHash: finding.actualHash,
        result,
        detail,
        triggeredBy: check.trigger === 'manual' ? check.triggeredBy : SCHEDULE_TRIGGER,
      });
      if (result === 'mismatch') {
        await onMismatch(
          tx,
          check,
          { ...finding, actualHash: finding.actualHash! },
          {
            id: appended.id,
            expectedHash,
            detail,
          },
        );
      }
      return result;
    });
    recordCpvResult(outcome);
    return outcome;
  }

  /** Asks each bridge what it runs; a bridge that cannot be asked is one unreachable finding. */
  async function bridgeFindings(bridges: Awaited<ReturnType<typeof repository.bridgeTargets>>) {
    const answers = await Promise.all(
      bridges.map(async (bridge): Promise<Finding[]> => {
        try {
          const { components } = await client.cpvComponents({
            routerUrl: bridge.routerUrl,
            secret: openSecret(options.secrets, bridge.secret),
          });
          return components.map((component) => ({
            component: component.name,
            source: 'bridge',
            actualHash: component.hash,
            detail:
              `Reported by bridge ${bridge.name}` +
              (component.version ? `, version ${component.version}.` : '.'),
          }));
        } catch (error) {
          const reason =
            error instanceof BridgeCallError
              ? `${error.code}: ${error.reason}`
              : error instanceof Error
                ? error.message
                : String(error);
          return [
            {
              component: cpvBridgeComponent(bridge.name),
              source: 'bridge',
              actualHash: null,
              detail: `Bridge ${bridge.name} could not be asked for its components (${reason}).`,
            },
          ];
        }
      }),
    );
    return answers.flat();
  }

  async function frontendFinding(version: GameVersionTarget): Promise<Finding> {
    const hashed = await hashFrontend(version.frontendUrl, options.frontend);
    return {
      component: version.component,
      source: 'game-version',
      actualHash: hashed.ok ? hashed.hash : null,
      detail: hashed.ok
        ? `Downloaded from ${version.frontendUrl} (${hashed.bytes} bytes).`
        : `${version.frontendUrl}: ${hashed.problem}.`,
      gameVersionId: version.id,
    };
  }

  /** Runs one claimed check to its end; a failure ends it as failed with the error. */
  async function runCheck(check: ClaimedCheck, counts: CpvResultCounts): Promise<void> {
    try {
      const [versions, bridges] = await Promise.all([
        repository.gameVersionTargets(db),
        repository.bridgeTargets(db),
      ]);
      const chosen = check.components ? new Set(check.components) : undefined;
      const chosenVersions = chosen ? versions.filter((version) => chosen.has(version.component)) : versions;
      const chosenBridges = chosen
        ? bridges.filter((bridge) => chosen.has(cpvBridgeComponent(bridge.name)))
        : bridges;
      // Asked for, but gone since (a deleted game version, a renamed bridge): unreachable, never skipped.
      const known = new Set([
        ...chosenVersions.map((version) => version.component),
        ...chosenBridges.map((bridge) => cpvBridgeComponent(bridge.name)),
      ]);
      const gone: Finding[] = [...(chosen ?? [])]
        .filter((component) => !known.has(component))
        .map((component) => ({
          component,
          source: component.startsWith('bridge:') ? 'bridge' : 'game-version',
          actualHash: null,
          detail: 'There is no such game version with a frontend URL, or no such bridge, any more.',
        }));

      const reported = await bridgeFindings(chosenBridges);
      await repository.setTotal(db, check.id, gone.length + reported.length + chosenVersions.length);
      const count = (result: CpvResult) => {
        counts[countKey[result]] += 1;
      };
      for (const finding of [...gone, ...reported]) count(await record(check, finding));
      await eachLimited(chosenVersions, concurrency, async (version) => {
        count(await record(check, await frontendFinding(version)));
      });
      await repository.finish(db, check.id, { state: 'finished' });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await repository.finish(db, check.id, { state: 'failed', error: message }).catch(() => undefined);
    }
  }

  return {
    /** Runs the queued checks, oldest first, until none is left (checks queued meanwhile included). */
    async runQueued(): Promise<RunSummary> {
      const summary: RunSummary = {
        checks: 0,
        full: false,
        counts: { pass: 0, mismatch: 0, unknownComponent: 0, unreachable: 0 },
      };
      for (;;) {
        const check = await repository.claimNextQueued(db);
        if (!check) return summary;
        summary.checks += 1;
        if (check.components === null) summary.full = true;
        await runCheck(check, summary.counts);
      }
    },

    /** Queues a check of all components (the schedule's, or a job run started by hand). */
    queueAll(trigger: 'schedule' | 'manual', triggeredBy: string | null) {
      return repository.insertCheck(db, {
        trigger,
        triggeredBy: trigger === 'manual' ? triggeredBy : null,
        triggeredById: null,
        components: null,
      });
    },

    /**
     * Ends checks that a stopped runner left running (a restart during a check). Only the job calls it,
     * and the job engine runs one job run at a time, so no running check belongs to a live runner.
     */
    failInterrupted(): Promise<number> {
      return repository.failRunning(db, 'The check was interrupted (the server stopped during the check).');
    },
  };
}

export type CpvCheckRunner = ReturnType<typeof createCpvCheckRunner>;
