import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle, fromPglite, type ConstructorOptions } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { TaskStatus, TaskType } from '../../shared/enums.js';
import { ACTIVE_TASK_STATUSES } from '../../shared/tasks.js';
import type { Database, Db } from '../db/client.js';
import { tasks } from '../db/schema/index.js';
import type { Storage } from '../files/storage.js';

export type TaskRow = typeof tasks.$inferSelect;

/** A transaction (or the database itself) the task row and its job are written in. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface EnqueueInput {
  type: TaskType;
  courseId?: number | null;
  /** what the handler needs (ids, filters); stored as tasks.params */
  payload?: Record<string, unknown>;
  createdBy: number | null;
  /** delay the start (seconds); the task stays "queued" until then */
  startAfterSeconds?: number;
}

/** What a handler gets. */
export interface TaskContext {
  task: TaskRow;
  db: Db;
  storage: Storage | undefined;
  log: FastifyBaseLogger;
  /**
   * Call between items: records progress (done of total) and throws when the task was
   * stopped (status "stopped") or the server is shutting down. Work done so far stays.
   */
  checkpoint(done: number, total: number): Promise<void>;
  /** Adds to the task's summary counters (shown in the queue). */
  count(counters: Record<string, number>): void;
  /** Sets a detail of the task's result (e.g. the courses a task was refused in), kept with the summary. */
  detail(key: string, value: unknown): void;
}

export interface TaskOutcome {
  resultFileId?: number | null;
}

export type TaskHandler = (ctx: TaskContext) => Promise<TaskOutcome | void>;

/** Thrown by checkpoint() when somebody stopped the task; the runner leaves it "stopped". */
export class TaskStopped extends Error {}
/** Thrown by checkpoint() while the server shuts down; pg-boss hands the job out again later. */
export class ShuttingDown extends Error {}

export const TASK_QUEUE = 'elp-tasks';

/**
 * Background tasks on pg-boss 12 (ARCHITECTURE §3 "Jobs"). One queue carries every task;
 * the `tasks` table is the record users see (status, progress, result), the job only says
 * "run task N". A task row and its job are written in one transaction (enqueueTask), so
 * neither exists without the other.
 *
 * Embedded mode runs pg-boss on the app's PGlite through `fromPglite`; PostgreSQL mode
 * gives pg-boss its own small pool on the same connection string.
 */
export class Jobs {
  private boss: PgBoss | null = null;
  private starting: Promise<void> | null = null;
  private closing = false;
  private readonly handlers = new Map<number, TaskHandler>();
  private readonly periodic = new Map<string, { cron: string; run: () => Promise<void> }>();
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly storage: () => Storage | undefined,
  ) {}

  /** Registers the handler of a task type (once, at module registration). */
  handle(type: TaskType, handler: TaskHandler): void {
    if (this.handlers.has(type)) throw new Error(`A handler for task type ${type} is registered already`);
    this.handlers.set(type, handler);
  }

  /**
   * A job pg-boss runs on a cron schedule (UTC, minute resolution), registered at module
   * registration: one run per occurrence whichever process works it, never two at once (a
   * "stately" queue), and one catch-up run for occurrences missed while no process was up. The
   * handler must be idempotent: an expired run is handed out again.
   */
  every(name: string, cron: string, run: () => Promise<void>): void {
    if (this.periodic.has(name)) throw new Error(`A periodic job ${name} is registered already`);
    this.periodic.set(name, { cron, run });
  }

  get started(): boolean {
    return this.boss !== null && this.starting === null;
  }

  /**
   * Starts pg-boss and the worker (idempotent). Call it before opening a transaction that
   * enqueues: on PGlite the single connection is held by the transaction, so pg-boss could
   * not start inside one.
   */
  async ready(): Promise<void> {
    if (this.closing) throw new Error('The task runner is shutting down');
    if (this.boss && !this.starting) return;
    this.starting ??= this.start().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private async start(): Promise<void> {
    const { database } = this;
    // the cron monitor runs only when something is scheduled
    const common: ConstructorOptions = { useListenNotify: true, schedule: this.periodic.size > 0 };
    let options: ConstructorOptions;
    if (database.kind === 'pglite' && database.pglite) {
      options = { ...common, db: fromPglite(database.pglite), backend: 'pglite', registerInstance: false };
    } else if (database.pool) {
      const poolOptions = (database.pool as unknown as { options: { connectionString?: string } }).options;
      if (!poolOptions.connectionString) throw new Error('pg-boss needs the connection string of the PostgreSQL pool');
      options = { ...common, connectionString: poolOptions.connectionString, max: 4, application_name: 'elp-jobs' };
    } else {
      throw new Error('No database for pg-boss');
    }
    const boss = new PgBoss(options);
    boss.on('error', (err) => this.log.error({ err }, 'pg-boss error'));
    boss.on('warning', (warning) => this.log.warn({ warning }, 'pg-boss warning'));
    await boss.start();
    // Failures are recorded on the task itself; pg-boss retries only jobs whose worker died
    // (expired), which rerun from the task row: every handler is idempotent.
    await boss.createQueue(TASK_QUEUE, { notify: true, retryLimit: 2, retryDelay: 5, expireInSeconds: 3600 });
    await boss.work<{ taskId: number }>(
      TASK_QUEUE,
      { pollingIntervalSeconds: 2, localConcurrency: database.kind === 'pglite' ? 1 : 2 },
      async ([job]) => {
        const run = this.run(job.data.taskId, job.id);
        this.running.add(run);
        try {
          await run;
        } finally {
          this.running.delete(run);
        }
      },
    );
    for (const [name, { cron, run }] of this.periodic) {
      await boss.createQueue(name, { policy: 'stately', retryLimit: 1, retryDelay: 30, expireInSeconds: 600 });
      // every process (re)writes the same schedule row at start: the last one's cron stands
      await boss.schedule(name, cron, null, { missed: 'once' });
      await boss.work(name, { pollingIntervalSeconds: 5 }, async () => {
        const running = run();
        this.running.add(running);
        try {
          await running;
        } finally {
          this.running.delete(running);
        }
      });
    }
    this.boss = boss;
  }

  /** Runs a periodic job now, through its queue (as the schedule does): for tests and operators. */
  async runNow(name: string): Promise<string | null> {
    if (!this.periodic.has(name)) throw new Error(`No periodic job ${name}`);
    await this.ready();
    return this.boss!.send(name, {});
  }

  /** Stops the worker (waiting for the task in hand to reach a checkpoint) and pg-boss. */
  async close(): Promise<void> {
    this.closing = true;
    if (this.starting) await this.starting.catch(() => {});
    const boss = this.boss;
    this.boss = null;
    if (boss) await boss.stop({ graceful: true, timeout: 10_000 });
    await Promise.allSettled([...this.running]);
  }

  /**
   * Writes the task row and sends its job in the caller's transaction. `ready()` must
   * have been awaited before the transaction was opened.
   */
  async enqueueTask(tx: Tx, input: EnqueueInput): Promise<TaskRow> {
    const boss = this.boss;
    if (!boss || this.starting) throw new Error('Jobs.enqueueTask: await jobs.ready() before opening the transaction');
    const [task] = await tx
      .insert(tasks)
      .values({ type: input.type, courseId: input.courseId ?? null, createdBy: input.createdBy, params: input.payload ?? {} })
      .returning();
    const jobId = await boss.send(
      TASK_QUEUE,
      { taskId: task.id },
      { db: fromDrizzle(tx as never, sql as never), ...(input.startAfterSeconds ? { startAfter: input.startAfterSeconds } : {}) },
    );
    const [row] = await tx.update(tasks).set({ jobId }).where(eq(tasks.id, task.id)).returning();
    return row;
  }

  /** ready() + its own transaction + enqueueTask. */
  async enqueue(input: EnqueueInput): Promise<TaskRow> {
    await this.ready();
    return this.database.db.transaction((tx) => this.enqueueTask(tx, input));
  }

  /**
   * Stops tasks: queued and running ones become "stopped" (a running one ends at its next
   * checkpoint); their queued jobs are cancelled. Returns the rows that changed.
   */
  async stopTasks(db: Db, ids: number[]): Promise<TaskRow[]> {
    if (ids.length === 0) return [];
    const stopped = await db
      .update(tasks)
      .set({ status: 'stopped' satisfies TaskStatus, finishedAt: new Date() })
      .where(and(inArray(tasks.id, ids), inArray(tasks.status, [...ACTIVE_TASK_STATUSES])))
      .returning();
    const jobIds = stopped.map((t) => t.jobId).filter((j): j is string => !!j);
    if (this.boss && !this.starting && jobIds.length) {
      // best effort: a job already in a worker's hands ends at the task's next checkpoint
      await this.boss.cancel(TASK_QUEUE, jobIds).catch((err: unknown) => this.log.debug({ err }, 'cancel of stopped jobs'));
    }
    return stopped;
  }

  /**
   * Queues a failed or stopped task again: the same row (queued, progress 0, no error or result)
   * with a new job. A run of its old job still going (stopped, not yet at a checkpoint) ends at
   * its next checkpoint: it is no longer the task's job. Answers null when the task is not failed
   * or stopped.
   */
  async retryTask(taskId: number): Promise<TaskRow | null> {
    await this.ready();
    return this.database.db.transaction(async (tx) => {
      const [row] = await tx
        .update(tasks)
        .set({ status: 'queued' satisfies TaskStatus, progress: 0, error: null, resultFileId: null, startedAt: null, finishedAt: null, params: sql`${tasks.params} - 'summary' - 'details'` })
        .where(and(eq(tasks.id, taskId), inArray(tasks.status, ['failed', 'stopped'] satisfies TaskStatus[])))
        .returning();
      if (!row) return null;
      const jobId = await this.boss!.send(TASK_QUEUE, { taskId }, { db: fromDrizzle(tx as never, sql as never) });
      const [updated] = await tx.update(tasks).set({ jobId }).where(eq(tasks.id, taskId)).returning();
      return updated;
    });
  }

  /** Runs one task: queued → running → done | failed (or stays stopped). `jobId`: the job that carries it (a retry sends another). */
  private async run(taskId: number, jobId?: string): Promise<void> {
    const db = this.database.db;
    const ours = jobId ? eq(tasks.jobId, jobId) : undefined;
    const [task] = await db
      .update(tasks)
      .set({ status: 'running' satisfies TaskStatus, startedAt: sql`coalesce(${tasks.startedAt}, now())` })
      .where(and(eq(tasks.id, taskId), inArray(tasks.status, [...ACTIVE_TASK_STATUSES]), ours))
      .returning();
    if (!task) return; // stopped before it started, or gone
    const handler = this.handlers.get(task.type);
    if (!handler) {
      await this.finish(taskId, { status: 'failed', error: `No handler for task type ${task.type}` }, jobId);
      return;
    }
    const summary: Record<string, number> = {};
    const details: Record<string, unknown> = {};
    const recorded = () => JSON.stringify({ summary, details });
    const ctx: TaskContext = {
      task,
      db,
      storage: this.storage(),
      log: this.log,
      count: (counters) => {
        for (const [k, v] of Object.entries(counters)) summary[k] = (summary[k] ?? 0) + v;
      },
      detail: (key, value) => {
        details[key] = value;
      },
      checkpoint: async (done, total) => {
        if (this.closing) throw new ShuttingDown();
        const progress = total > 0 ? Math.min(99, Math.floor((done / total) * 100)) : 0;
        const [row] = await db
          .update(tasks)
          .set({ progress, params: sql`${tasks.params} || ${recorded()}::jsonb` })
          .where(and(eq(tasks.id, taskId), ours))
          .returning({ status: tasks.status });
        // stopped, or retried since (another job carries the task now: no row)
        if (!row || row.status === 'stopped') throw new TaskStopped();
      },
    };
    try {
      const outcome = (await handler(ctx)) ?? {};
      await this.finish(taskId, { status: 'done', progress: 100, resultFileId: outcome.resultFileId ?? null, recorded: recorded() }, jobId);
    } catch (err) {
      if (err instanceof TaskStopped) {
        await db
          .update(tasks)
          .set({ params: sql`${tasks.params} || ${recorded()}::jsonb` })
          .where(and(eq(tasks.id, taskId), ours));
        return;
      }
      if (err instanceof ShuttingDown) throw err;
      this.log.error({ err, taskId }, 'task failed');
      await this.finish(taskId, { status: 'failed', error: err instanceof Error ? err.message : String(err), recorded: recorded() }, jobId);
    }
  }

  private async finish(
    taskId: number,
    end: { status: TaskStatus; progress?: number; resultFileId?: number | null; error?: string; recorded?: string },
    jobId?: string,
  ): Promise<void> {
    await this.database.db
      .update(tasks)
      .set({
        status: end.status,
        finishedAt: new Date(),
        ...(end.progress !== undefined ? { progress: end.progress } : {}),
        ...(end.resultFileId !== undefined ? { resultFileId: end.resultFileId } : {}),
        ...(end.error !== undefined ? { error: end.error.slice(0, 2000) } : {}),
        ...(end.recorded ? { params: sql`${tasks.params} || ${end.recorded}::jsonb` } : {}),
      })
      // a task stopped while its last item ran stays stopped
      .where(and(eq(tasks.id, taskId), eq(tasks.status, 'running'), isNull(tasks.finishedAt), jobId ? eq(tasks.jobId, jobId) : undefined));
  }
}
