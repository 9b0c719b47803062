import fp from 'fastify-plugin';
import { isPostgres } from '../db/create-db.ts';
import { ComposeThreads } from '../mail/compose-threads.ts';
import { Dispatcher, dispatcherOwner } from '../mail/dispatcher.ts';
import { DispatcherThread } from '../mail/dispatcher-thread.ts';
import { QueueSignal } from '../mail/queue-signal.ts';
import type { Relay } from '../mail/relay.ts';
import { releaseDueCampaigns } from '../mail/scheduler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's dispatcher; null with DISPATCHER=off or without a relay. */
    mailDispatcher: Pick<Dispatcher, 'owner' | 'wake' | 'stop'> | null;
    /** Raised after a commit that leaves due messages (accept, resume, schedule release). */
    sendQueue: QueueSignal;
    /** The process's connection to the relay, also for test sends (they go as campaigns do). */
    mailRelay: Relay;
  }
}

const SCHEDULER_EVERY_MS = 1000;

/**
 * Starts the scheduler and the dispatcher once the app is ready and stops them before it closes:
 * no new claims, in-flight sends finish and their results are written before the database goes.
 */
export default fp<{ relay: Relay }>(
  async (app, { relay }) => {
    app.decorate('mailDispatcher', null);
    app.decorate('sendQueue', new QueueSignal());
    app.decorate('mailRelay', relay);
    const { appConfig } = app;
    const { sending, dataDir, publicUrl, bounceDomain } = appConfig;
    let schedulerTimer: NodeJS.Timeout | null = null;
    let scheduling: Promise<unknown> = Promise.resolve();
    let composer: ComposeThreads | undefined;

    app.addHook('onReady', async () => {
      if (!sending.dispatcher) {
        app.log.info('DISPATCHER=off: this process serves the API and sends nothing');
        return;
      }
      // Every campaign advertises one-click unsubscribe (RFC 8058), which requires an https URI:
      // Gmail and Yahoo ignore an http one, and the bulk-sender rules then count as unmet.
      if (!publicUrl.startsWith('https://')) {
        app.log.warn(
          { publicUrl },
          'PUBLIC_URL is not https: mailbox providers ignore the one-click unsubscribe link every campaign advertises',
        );
      }
      const tick = () => {
        scheduling = releaseDueCampaigns(app.db, { now: app.now(), log: app.log })
          .then((released) => released.length > 0 && app.sendQueue.notify())
          .catch((error: unknown) => app.log.error({ err: error }, 'scheduler failed'));
        return scheduling;
      };
      await tick();
      schedulerTimer = setInterval(() => void scheduling.then(tick), SCHEDULER_EVERY_MS);

      const transport = relay.transport();
      const relayUrl = relay.url();
      if (!transport || !relayUrl) {
        app.log.warn('no SMTP relay (SMTP_URL unset and no capture server): the dispatcher stays idle');
        return;
      }
      const log = app.log.child({ component: 'dispatcher' });
      const recoverAllAtStart = !isPostgres(app.db);
      // On this thread too, messages are composed on compose threads (dispatcher-worker-main.ts
      // does the same on the dispatcher's own thread).
      if (sending.thread === 'main' && (sending.composeThreads ?? 0) > 0 && transport.sendBuilt)
        composer = new ComposeThreads({ config: appConfig }, sending.composeThreads);
      const dispatcher =
        sending.thread === 'main'
          ? new Dispatcher({
              db: app.db,
              transport,
              sending,
              dataDir,
              publicUrl,
              bounceDomain,
              now: app.now,
              log,
              recoverAllAtStart,
              composer,
              bouncePause: appConfig.feedback,
            })
          : new DispatcherThread(
              { config: appConfig, relayUrl, owner: dispatcherOwner(), recoverAllAtStart },
              log,
            );
      app.mailDispatcher = dispatcher;
      app.sendQueue.listen(() => dispatcher.wake());
      dispatcher.start();
      app.log.info({ owner: dispatcher.owner, thread: sending.thread ?? 'main' }, 'dispatcher started');
    });

    // preClose runs before any onClose hook, so the database is still open while sends drain.
    app.addHook('preClose', async () => {
      if (schedulerTimer) clearInterval(schedulerTimer);
      await scheduling;
      await app.mailDispatcher?.stop();
      composer?.close();
    });
    app.addHook('onClose', async () => relay.close());
  },
  { name: 'sending', dependencies: ['services'] },
);
