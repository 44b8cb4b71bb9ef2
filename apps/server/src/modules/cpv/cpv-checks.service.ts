/** CPV checks as the API offers them: reading checks and results, what can be checked, asking for a check. */
import {
  cpvBridgeComponent,
  type CpvCheck,
  type CpvCheckInput,
  type CpvCheckListQuery,
  type CpvCheckResult,
  type CpvComponent,
  type CpvResultListQuery,
  type Page,
} from '@backoffice/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { pageOf } from '../../lib/sql';
import { auditOf, type Actor } from '../audit/audit.service';
import { createCpvCheckRunner, type CpvRunnerOptions } from './cpv-check-runner';
import { createCpvChecksRepository } from './cpv-checks.repository';

const audit = auditOf('cpv-check');

export interface CpvChecksServiceOptions extends CpvRunnerOptions {
  /**
   * Without a job engine (tests): run queued checks here, in the background. Off by default, so that an
   * app without the engine writes nothing after its answers; a queued check then waits for the job.
   */
  runInProcess?: boolean;
}

export function createCpvChecksService(db: Db, options: CpvChecksServiceOptions = {}) {
  const repository = createCpvChecksRepository();
  const runner = createCpvCheckRunner(db, options);
  /** The in-process run (without a job engine), so that checks never run twice at once here. */
  let inProcess: Promise<unknown> = Promise.resolve();

  async function components(): Promise<CpvComponent[]> {
    const [versions, bridges] = await Promise.all([
      repository.gameVersionTargets(db),
      repository.bridgeTargets(db),
    ]);
    return [
      ...versions.map((version): CpvComponent => ({
        component: version.component,
        source: 'game-version',
        name: version.gameName,
        url: version.frontendUrl,
        active: version.active,
      })),
      ...bridges.map((bridge): CpvComponent => ({
        component: cpvBridgeComponent(bridge.name),
        source: 'bridge',
        name: bridge.name,
        url: bridge.routerUrl,
        active: null,
      })),
    ];
  }

  return {
    async listChecks(query: CpvCheckListQuery): Promise<Page<CpvCheck>> {
      return pageOf(query, await repository.listChecks(db, query));
    },

    async getCheck(id: string): Promise<CpvCheck> {
      const check = await repository.findCheck(db, id);
      if (!check) throw new AppError('CPV_CHECK_NOT_FOUND');
      return check;
    },

    async listResults(query: CpvResultListQuery): Promise<Page<CpvCheckResult>> {
      return pageOf(query, await repository.listResults(db, query));
    },

    /** What a check can be asked for: each game version with a frontend URL, and each bridge. */
    async components(): Promise<{ items: CpvComponent[] }> {
      return { items: await components() };
    },

    /** Queues a check of the chosen components (all without a choice); it runs when the job takes it. */
    async create(input: CpvCheckInput, actor: Actor): Promise<CpvCheck> {
      if (input.components) {
        const known = new Set((await components()).map((entry) => entry.component));
        const unknown = input.components.flatMap((component, index) =>
          known.has(component) ? [] : [{ path: `components.${index}`, message: `unknown: ${component}` }],
        );
        if (unknown.length > 0) throw new AppError('CPV_UNKNOWN_COMPONENT', unknown);
      }
      return db.transaction(async (tx) => {
        const check = await repository.insertCheck(tx, {
          trigger: 'manual',
          triggeredBy: actor.name,
          triggeredById: actor.id,
          components: input.components ?? null,
        });
        await audit(tx, {
          actor,
          action: 'create',
          entityId: check.id,
          before: null,
          after: { trigger: check.trigger, components: check.components ?? 'all' },
        });
        return check;
      });
    },

    /**
     * Without a job engine: runs the queued checks here in the background, one run after the other, when
     * `runInProcess` is on; answers whether it does.
     */
    startInProcess(): boolean {
      if (!options.runInProcess) return false;
      inProcess = inProcess.then(() => runner.runQueued()).catch(() => undefined);
      return true;
    },

    /** Resolves once the in-process runs are done (the app waits for them when it closes). */
    idle(): Promise<unknown> {
      return inProcess;
    },
  };
}

export type CpvChecksService = ReturnType<typeof createCpvChecksService>;
